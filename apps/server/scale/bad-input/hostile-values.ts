/**
 * Values a hostile client puts where an id, a file name or a piece of text is expected, written as
 * they go on the wire (already percent-encoded where they go into a URL).
 */

/** Path segments that try to leave a folder: plain, percent-encoded once and twice, with NUL. */
export const TRAVERSAL_SEGMENTS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252F..%252Fetc%252Fpasswd',
  '..%5C..%5Cwindows%5Cwin.ini',
  '%2Fetc%2Fpasswd',
  'file%00.jpg',
  '..%00',
  '%c0%ae%c0%ae%2fetc%2fpasswd',
  '....%2F%2F....%2F%2Fetc%2Fpasswd',
];

/** Whole sub-paths for wildcard routes (`/media/*`): the slashes are real. */
export const TRAVERSAL_TAILS = [
  '../../etc/passwd',
  '../../../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  'public/../../secrets/token-pepper',
  'private/videos/1/master.m3u8',
  './private/../private/x.jpg',
  'a.jpg%00.txt',
  'a.jpg\u0000.txt'.replace('\u0000', '%00'),
  '..\\..\\windows\\win.ini'.replaceAll('\\', '%5C'),
  '//etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
];

/** File names for multipart parts and tus metadata. */
export const HOSTILE_FILE_NAMES = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'x\u0000.jpg',
  '%2e%2e%2fsecret.jpg',
  `${'a'.repeat(5000)}.jpg`,
  'poster.jpg.exe',
  '',
];

/** Path parameter values where a numeric id is expected (percent-encoded). */
export const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999999999',
  '9223372036854775808',
  '0x10',
  '%201',
  '1%3Bdrop%20table%20users',
  "1'%20or%20'1'%3D'1",
  'Infinity',
  'NaN',
  '%00',
  '1%00',
  '%EF%BC%91', // a fullwidth digit one
  'null',
  '%F0%9F%8E%AC',
];

/** Text that is valid JSON but odd: control characters, direction overrides, lone surrogates. */
export const UNICODE_ODDITIES = [
  'nul\u0000inside',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  '\uD800',
  '\uDFFF lone low',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  '🎬🍿'.repeat(50),
  '\u0085\u2028\u2029',
  'ﬀ Å Ω', // compatibility forms
  '\r\nInjected: header',
  '<script>alert(1)</script>',
  "'; drop table users; --",
];

/** Bytes that are not UTF-8 at all (overlong encodings, a stray continuation byte, cut sequences). */
export const INVALID_UTF8 = [
  Buffer.from([0xc0, 0xae]),
  Buffer.from([0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xed, 0xa0, 0x80]),
];

export const megabytes = (count: number) => 'A'.repeat(count * 1024 * 1024);

/** Percent-encodes the UTF-8 bytes of `text`; unlike encodeURIComponent, never throws on a lone surrogate. */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
