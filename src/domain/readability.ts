/**
 * Whether a stored file can be read, judged from its first and last bytes: a truncated or
 * corrupted upload lacks the structure its format ends with. Pure; the worker supplies the bytes.
 */
import type { FileKind } from './file-type.ts';

function includes(haystack: Uint8Array, needle: number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Null when readable, else a short reason ('unreadable: …') for reject_reason. */
export function unreadableReason(kind: FileKind, head: Uint8Array, tail: Uint8Array, size: number): string | null {
  switch (kind) {
    case 'pdf':
      return includes(tail, ascii('%%EOF')) ? null : 'unreadable: the PDF is truncated (no end-of-file marker)';
    case 'png':
      return includes(tail, ascii('IEND')) ? null : 'unreadable: the PNG is truncated';
    case 'jpeg':
      return tail.length >= 2 && includes(tail.subarray(tail.length - 64), [0xff, 0xd9]) ? null : 'unreadable: the JPEG is truncated';
    case 'tiff': {
      if (head.length < 8) return 'unreadable: the TIFF header is incomplete';
      const little = head[0] === 0x49;
      const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
      const offset = view.getUint32(4, little);
      return offset >= 8 && offset < size ? null : 'unreadable: the TIFF directory is missing';
    }
    case 'xlsx':
      return includes(tail, [0x50, 0x4b, 0x05, 0x06]) ? null : 'unreadable: the spreadsheet archive is truncated';
    case 'xls':
      return size >= 512 ? null : 'unreadable: the spreadsheet is truncated';
    case 'csv':
    case 'json':
      return size > 0 ? null : 'unreadable: the file is empty';
  }
}
