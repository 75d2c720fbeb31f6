/**
 * Generated from openapi.json by `npm run generate` in sdk/ (openapi-typescript). Do not edit:
 * a test fails when this file is stale.
 */
/* eslint-disable */
export interface paths {
    "/api/lending/v2.2/applications/{application_id}/offers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve offers (the first call decides) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    application_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description What the decision is waiting for when offer_creation_status is action_required (our addition). */
                                data_requirements: {
                                    actions: {
                                        name: string;
                                    }[];
                                    category: string;
                                }[];
                                /** @enum {string} */
                                offer_creation_status: "offers_available" | "action_required" | "pending_underwriting" | "no_offers";
                                offers: {
                                    data_requirements: {
                                        actions: {
                                            name: string;
                                        }[];
                                        category: string;
                                    }[];
                                    duration: {
                                        amount: number;
                                        /** @enum {string} */
                                        unit: "days";
                                    };
                                    duration_in_days: number;
                                    /** Format: date-time */
                                    expires_at: string;
                                    fee_percentage: number;
                                    is_suggested: boolean;
                                    max_amount: number;
                                    monthly_interest_percentage: number;
                                    /** Format: uuid */
                                    offer_id: string;
                                    /** @enum {string} */
                                    offer_type: "indicative" | "confirmed";
                                    /** @enum {string} */
                                    product_type: "flexi_loan" | "business_loan";
                                    /** @enum {string} */
                                    status: "available" | "selected" | "funded" | "expired" | "revoked";
                                }[];
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/authentication_check/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verify headers and connectivity */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                api_version: string;
                                environment: string;
                                partner_id: string;
                            };
                            version: string;
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/bank_statements/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload an open-banking JSON bank statement as the body (optionally wrapped in data) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            /** @description The open-banking statement: accountInfo and transactions */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                document_id: string;
                                document_name: string;
                                /** @enum {string} */
                                document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                                /** Format: date-time */
                                upload_date: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Throttled */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a customer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            company: {
                                company_number?: string;
                                has_card_based_transactions?: boolean;
                                industry?: string;
                                last_12_months_profit?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                last_12_months_turnover?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                number_of_employees?: number;
                                online_sales_percentage?: number;
                                overdraft_status?: {
                                    has_overdraft?: boolean;
                                    total_overdraft_limit?: number;
                                };
                                registered_address?: {
                                    building_number?: string;
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    postcode?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                };
                                registered_company_name?: string;
                                third_party_providers?: {
                                    name: string;
                                    /** @enum {string} */
                                    type: "ecommerce" | "software" | "bank";
                                }[];
                                trading_address?: {
                                    building_number?: string;
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    postcode?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                };
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                trading_from_date?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                type?: "limited_liability_company" | "sole_trader" | "ordinary_partnership" | "limited_liability_partnership" | "public_limited_company" | "other";
                                vat_status?: {
                                    is_vat_registered?: boolean;
                                    registered_over_3_months?: boolean;
                                    vat_number?: string;
                                };
                                website?: string;
                            };
                            /** Format: uuid */
                            correlation_id?: string;
                            external_customer_id?: string;
                            people: {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date_of_birth?: string;
                                emails?: {
                                    /** Format: email */
                                    email: string;
                                    marketing_opt_in?: {
                                        agreed?: boolean;
                                        /** Format: date-time */
                                        valid_from?: string;
                                    };
                                    /** @enum {string} */
                                    type?: "primary" | "secondary";
                                }[];
                                first_name?: string;
                                how_did_you_find_us?: {
                                    /** @enum {string} */
                                    answer?: "letter" | "search_engine" | "friend_or_press" | "advisor" | "email" | "online_advert" | "phone_call" | "no_answer" | "train_or_bus_ad" | "radio";
                                    details?: string;
                                };
                                last_name?: string;
                                monthly_business_income?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                monthly_non_business_income?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                phones?: {
                                    number: string;
                                    type?: string;
                                }[];
                                privacy_policy?: {
                                    agreed?: boolean;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                residential_addresses?: {
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    /**
                                     * Format: date
                                     * @description YYYY-MM-DD
                                     */
                                    date_from?: string;
                                    house_number?: string;
                                    postcode?: string;
                                    residential_status?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                }[];
                                roles?: ("applicant" | "director" | "guarantor" | "shareholder")[];
                                title?: string;
                                /** Format: uuid */
                                uid?: string;
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                customer_id: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a customer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                company: {
                                    [key: string]: unknown;
                                };
                                correlation_id: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                customer_id: string;
                                external_customer_id: string | null;
                                people: {
                                    [key: string]: unknown;
                                }[];
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        /** Replace a customer's details */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            company: {
                                company_number?: string;
                                has_card_based_transactions?: boolean;
                                industry?: string;
                                last_12_months_profit?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                last_12_months_turnover?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                number_of_employees?: number;
                                online_sales_percentage?: number;
                                overdraft_status?: {
                                    has_overdraft?: boolean;
                                    total_overdraft_limit?: number;
                                };
                                registered_address?: {
                                    building_number?: string;
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    postcode?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                };
                                registered_company_name?: string;
                                third_party_providers?: {
                                    name: string;
                                    /** @enum {string} */
                                    type: "ecommerce" | "software" | "bank";
                                }[];
                                trading_address?: {
                                    building_number?: string;
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    postcode?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                };
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                trading_from_date?: string;
                                trading_name?: string;
                                /** @enum {string} */
                                type?: "limited_liability_company" | "sole_trader" | "ordinary_partnership" | "limited_liability_partnership" | "public_limited_company" | "other";
                                vat_status?: {
                                    is_vat_registered?: boolean;
                                    registered_over_3_months?: boolean;
                                    vat_number?: string;
                                };
                                website?: string;
                            };
                            /** Format: uuid */
                            correlation_id?: string;
                            external_customer_id?: string;
                            people: {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date_of_birth?: string;
                                emails?: {
                                    /** Format: email */
                                    email: string;
                                    marketing_opt_in?: {
                                        agreed?: boolean;
                                        /** Format: date-time */
                                        valid_from?: string;
                                    };
                                    /** @enum {string} */
                                    type?: "primary" | "secondary";
                                }[];
                                first_name?: string;
                                how_did_you_find_us?: {
                                    /** @enum {string} */
                                    answer?: "letter" | "search_engine" | "friend_or_press" | "advisor" | "email" | "online_advert" | "phone_call" | "no_answer" | "train_or_bus_ad" | "radio";
                                    details?: string;
                                };
                                last_name?: string;
                                monthly_business_income?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                monthly_non_business_income?: {
                                    amount?: number;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                phones?: {
                                    number: string;
                                    type?: string;
                                }[];
                                privacy_policy?: {
                                    agreed?: boolean;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                residential_addresses?: {
                                    /** @enum {string} */
                                    country?: "GB" | "DE" | "OTHER";
                                    /**
                                     * Format: date
                                     * @description YYYY-MM-DD
                                     */
                                    date_from?: string;
                                    house_number?: string;
                                    postcode?: string;
                                    residential_status?: string;
                                    street_line_1?: string;
                                    street_line_2?: string;
                                    town?: string;
                                }[];
                                roles?: ("applicant" | "director" | "guarantor" | "shareholder")[];
                                title?: string;
                                /** Format: uuid */
                                uid?: string;
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                company: {
                                    [key: string]: unknown;
                                };
                                correlation_id: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                customer_id: string;
                                external_customer_id: string | null;
                                people: {
                                    [key: string]: unknown;
                                }[];
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/applications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an application */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            amount: number;
                            introducer?: {
                                /** @enum {string} */
                                entity_to_contact?: "customer" | "introducer";
                                /** Format: uuid */
                                introducer_id?: string;
                            };
                            requests?: {
                                amount: number;
                                detailed_purpose?: string;
                                duration?: {
                                    amount: number;
                                    /** @enum {string} */
                                    unit: "days" | "weeks" | "months";
                                };
                                purpose?: string;
                                /** @enum {string} */
                                urgency?: "asap" | "weeks" | "future";
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                amount: number;
                                /** Format: uuid */
                                application_id: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                customer_id: string;
                                introducer: {
                                    /** @enum {string} */
                                    entity_to_contact: "customer" | "introducer";
                                    introducer_id: string | null;
                                };
                                is_closed: boolean;
                                is_topup: boolean;
                                requests: {
                                    amount: number;
                                    detailed_purpose?: string;
                                    duration?: {
                                        amount: number;
                                        unit: string;
                                    };
                                    purpose?: string;
                                    urgency?: string;
                                }[];
                                /** @enum {string} */
                                status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/applications/latest/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the latest application */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                amount: number;
                                /** Format: uuid */
                                application_id: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                customer_id: string;
                                introducer: {
                                    /** @enum {string} */
                                    entity_to_contact: "customer" | "introducer";
                                    introducer_id: string | null;
                                };
                                is_closed: boolean;
                                is_topup: boolean;
                                requests: {
                                    amount: number;
                                    detailed_purpose?: string;
                                    duration?: {
                                        amount: number;
                                        unit: string;
                                    };
                                    purpose?: string;
                                    urgency?: string;
                                }[];
                                /** @enum {string} */
                                status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the latest application while it is open */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            introducer?: {
                                /** @enum {string} */
                                entity_to_contact?: "customer" | "introducer";
                                /** Format: uuid */
                                introducer_id?: string;
                            };
                            requests?: {
                                amount: number;
                                detailed_purpose?: string;
                                duration?: {
                                    amount: number;
                                    /** @enum {string} */
                                    unit: "days" | "weeks" | "months";
                                };
                                purpose?: string;
                                /** @enum {string} */
                                urgency?: "asap" | "weeks" | "future";
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description No body */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/login_link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a single-use customer login link (valid 24 hours) */
        get: {
            parameters: {
                query?: {
                    offer_id?: string;
                };
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uri */
                                login_link: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/document_upload/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the customer's documents with their status and bank accounts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attributes: {
                                    document_name: string;
                                    document_type: string;
                                    reject_reason: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "processing" | "accepted" | "rejected";
                                    /** Format: date-time */
                                    upload_date: string;
                                };
                                /** Format: uuid */
                                id: string;
                                relationships: {
                                    bank_account: {
                                        data: {
                                            /** Format: uuid */
                                            id: string;
                                            /** @enum {string} */
                                            type: "bank_account";
                                        } | null;
                                    };
                                };
                                /** @enum {string} */
                                type: "document";
                            }[];
                            included: {
                                attributes: {
                                    account_number: string;
                                    bank_name: string;
                                };
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                type: "bank_account";
                            }[];
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        /** Upload a document (multipart: text part document_type, file part document) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    customer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** @description The file: PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX (JSON only for "bank statement"); at most 20 MiB */
                        document: string;
                        /**
                         * @description Exactly one of the document types
                         * @enum {string}
                         */
                        document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                document_id: string;
                                document_name: string;
                                /** @enum {string} */
                                document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                                /** Format: date-time */
                                upload_date: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Throttled */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/introducers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your introducers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                introducers: {
                                    email: string;
                                    introducer_id: string;
                                    is_active: boolean;
                                    name: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/offers/{offer_id}/repayment_schedule/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Repayment schedule (JSON, or a PDF when Accept or Content-Type is application/pdf) */
        get: {
            parameters: {
                query?: {
                    /** @description Amount drawn down, GBP with at most two decimals; defaults to max_amount */
                    amount?: string;
                    /** @description YYYY-MM-DD */
                    pay_off_early_on?: string;
                };
                header?: never;
                path: {
                    offer_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                amount_borrowed: number;
                                amount_saved_by_repaying_early: number;
                                fee_percentage: number;
                                monthly_interest_percentage: number;
                                repayments: {
                                    amount: number;
                                    breakdown: {
                                        fees: number;
                                        interest: number;
                                        principal: number;
                                    };
                                    /**
                                     * Format: date
                                     * @description YYYY-MM-DD
                                     */
                                    date: string;
                                }[];
                                total_payable: number;
                                total_payable_breakdown: {
                                    total_fees: number;
                                    total_interest: number;
                                    total_principal: number;
                                };
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/offers/{offer_id}/select/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Select an offer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    offer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            entity_to_contact: "customer" | "introducer";
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uri */
                                login_link?: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/prequalification_data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the status and quotes of a prequalification file */
        get: {
            parameters: {
                query: {
                    /** @description The id answered by POST /prequalification_data */
                    prequalification_data_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                prequalification_data_id: string;
                                processed_at: string | null;
                                quotes: {
                                    /** Format: uuid */
                                    correlation_id: string;
                                    duration_in_days: number | null;
                                    expires_at: string | null;
                                    external_customer_id: string;
                                    fee_percentage: number | null;
                                    max_amount: number | null;
                                    monthly_interest_percentage: number | null;
                                    prequalified: boolean;
                                    /** @description Why the customer is not prequalified; null when prequalified */
                                    reason: string | null;
                                }[];
                                /** @description Why the file failed (our addition); null otherwise */
                                reason: string | null;
                                /** @enum {string} */
                                status: "processing" | "processed" | "failed";
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Send prospective customers to prequalify: a CSV or JSON file (multipart part file) or a JSON body
         * @description Answers 202 at once; the file is quoted in the background. Each unique external_customer_id gets a quote (the last row wins). Follow the prequalification_202505 / prequalification_data_file_processed_202510 webhooks, or poll GET /prequalification_data.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @example [
                             *       {
                             *         "external_customer_id": "C-1001",
                             *         "company_name": "Acme Widgets Ltd",
                             *         "company_number": "01234567",
                             *         "trading_from_date": "2019-03-01",
                             *         "last_12_months_turnover": 250000,
                             *         "requested_amount": 25000
                             *       }
                             *     ]
                             */
                            customers: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                    "multipart/form-data": {
                        /** @description CSV with a header row (comma, semicolon or tab separated) or JSON ({"data": {"customers": [...]}}, {"customers": [...]} or an array); at most 20 MiB */
                        file: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                prequalification_data_id: string;
                                /** @enum {string} */
                                status: "processing";
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PayloadTooLarge */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Throttled */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/applications/{application_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decide an open application (sandbox only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    application_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            offers?: {
                                duration_in_days: number;
                                fee_percentage: number;
                                max_amount: number;
                                monthly_interest_percentage: number;
                                /** @enum {string} */
                                product_type: "flexi_loan" | "business_loan";
                            }[];
                            /** @enum {string} */
                            outcome: "offered" | "declined" | "deferred" | "action_required" | "awaiting_underwriter";
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                amount: number;
                                /** Format: uuid */
                                application_id: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                customer_id: string;
                                introducer: {
                                    /** @enum {string} */
                                    entity_to_contact: "customer" | "introducer";
                                    introducer_id: string | null;
                                };
                                is_closed: boolean;
                                is_topup: boolean;
                                requests: {
                                    amount: number;
                                    detailed_purpose?: string;
                                    duration?: {
                                        amount: number;
                                        unit: string;
                                    };
                                    purpose?: string;
                                    urgency?: string;
                                }[];
                                /** @enum {string} */
                                status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description Conflict: the code says which */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/offers/{offer_id}/fundings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Draw funds from a selected offer (sandbox only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    offer_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            amount: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                application_id: string | null;
                                /** Format: uuid */
                                customer_id: string;
                                funding_amount: number;
                                /** Format: date-time */
                                funding_created_at: string;
                                funding_fee_amount: number;
                                /** Format: uuid */
                                funding_id: string;
                                /** Format: uuid */
                                offer_id: string;
                                offer_max_amount: number;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a sample event of any type (sandbox only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            webhook_event_type: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                event_id: string;
                                /** @enum {string} */
                                status: "queued";
                                webhook_event_type?: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/configuration/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the webhook URL (the token is write-only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                has_token: boolean;
                                url: string | null;
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        /** Set the webhook URL and token */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            token?: string | null;
                            /** Format: uri */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                has_token: boolean;
                                url: string | null;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log: every attempt, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor of the previous page */
                    cursor?: string;
                    event_id?: string;
                    /** @description 1 to 100, default 50 */
                    limit?: string;
                    status?: "succeeded" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                deliveries: {
                                    attempt: number;
                                    /** Format: date-time */
                                    attempted_at: string;
                                    /** Format: uuid */
                                    delivery_id: string;
                                    duration_ms: number;
                                    error: string | null;
                                    /** Format: uuid */
                                    event_id: string;
                                    next_attempt_at: string | null;
                                    response_status: number | null;
                                    status: string;
                                    url: string;
                                    webhook_event_type: string;
                                }[];
                                next_cursor: string | null;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/event_types/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscribable event types */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                webhook_event_types: {
                                    description: string;
                                    webhook_event_type: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/events/{event_id}/redeliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event again now */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                event_id: string;
                                /** @enum {string} */
                                status: "queued";
                                webhook_event_type?: string;
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotFound: no such resource for this partner and environment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/signing_secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the webhook signing secret */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                signing_secret: string;
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/signing_secret/rotate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                signing_secret: string;
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/subscriptions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions (one row per event type) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                subscriptions: {
                                    subscribed: boolean;
                                    url: string | null;
                                    webhook_event_type: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        /** Subscribe to event types (idempotent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            webhook_event_types: string[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                subscriptions: {
                                    subscribed: boolean;
                                    url: string | null;
                                    webhook_event_type: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        /** Unsubscribe from event types */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: {
                            webhook_event_types: string[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                subscriptions: {
                                    subscribed: boolean;
                                    url: string | null;
                                    webhook_event_type: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description Bad request: validation or domain error (source points at the problem) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description NotAcceptable: Accept does not admit application/json */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
                /** @description UnsupportedMediaType */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-0"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Error envelope */
        "def-0": {
            errors: {
                code: string;
                detail: string;
                meta?: {
                    [key: string]: unknown;
                };
                source?: {
                    parameter?: string;
                    pointer?: string;
                };
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
