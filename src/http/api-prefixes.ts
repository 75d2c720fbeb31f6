/** Where the partner API is served. */
export const API_PREFIX = '/api/lending/v2.2';
/** Older clients and upload examples use v2.1; every route answers there too, marked deprecated. */
export const LEGACY_PREFIX = '/api/lending/v2.1';
