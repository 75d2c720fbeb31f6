import { describe, expect, it } from 'vitest';
import { parseInt8, TYPE_PARSERS } from '../../src/store/db.ts';

describe('the int8 parser', () => {
  it('reads an int8 as a number when the number holds it exactly', () => {
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('-1')).toBe(-1);
    expect(parseInt8('123456789')).toBe(123456789);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseInt8('-9007199254740991')).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('refuses an int8 a number would round, instead of reading it wrong', () => {
    for (const value of ['9007199254740992', '9007199254740993', '-9007199254740992', '9223372036854775807', '-9223372036854775808']) {
      expect(() => parseInt8(value), value).toThrow(RangeError);
    }
  });

  it('is the parser both adapters use for int8', () => {
    expect(TYPE_PARSERS[20]).toBe(parseInt8);
  });
});
