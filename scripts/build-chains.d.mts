/** See build-chains.mjs. */
export function rows(): [number, string, string, string, number, number, [string, string][]][]
