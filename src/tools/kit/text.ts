/** Small wording helpers for result rows. */

/** "1 byte", "2 bytes", "1,024 bytes". */
export function bytes(n: number | bigint): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 || n === 1n ? '' : 's'}`
}

/**
 * A whole number with thousands separators, as `toLocaleString('en-US')` writes it, without ICU
 * (the page's first number formatter costs ~13 ms inside whatever task asks): for progress labels.
 */
export function grouped(n: number | bigint): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',')
}
