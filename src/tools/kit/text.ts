/** Small wording helpers for result rows. */

/** "1 byte", "2 bytes", "1,024 bytes". */
export function bytes(n: number | bigint): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 || n === 1n ? '' : 's'}`
}
