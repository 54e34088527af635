/**
 * Call data as block explorers show it ("View Input As: Default View" on Etherscan and its
 * clones): an optional `Function: name(…)` line, `MethodID: 0x…`, then one 32-byte word per
 * line as `[0]:  0000…`. Read back to the hex it came from, so it can be pasted as is.
 *
 * @example
 * ```ts
 * EtherscanText.toHex('MethodID: 0xa9059cbb\n[0]:  000…dead\n[1]:  000…01') // '0xa9059cbb000…dead000…01'
 * ```
 */

const METHOD_ID = /^\s*MethodID:\s*(0x)?([0-9a-fA-F]{8})\s*$/i
const WORD = /^\s*\[(\d+)\]:\s*(0x)?([0-9a-fA-F]*)\s*$/

/**
 * The hex of explorer-formatted input, or undefined when the text is not in that format
 * (then it is read as plain hex by the caller). Words must be numbered 0, 1, 2, … in order.
 */
export function toHex(text: string): `0x${string}` | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '')
  let method = ''
  const words: string[] = []
  let seen = false
  for (const line of lines) {
    if (/^\s*Function:/i.test(line)) continue
    const m = METHOD_ID.exec(line)
    if (m) {
      if (method || words.length) return undefined
      method = m[2]!
      seen = true
      continue
    }
    const w = WORD.exec(line)
    if (!w || Number(w[1]) !== words.length) return undefined
    words.push(w[3]!)
    seen = true
  }
  if (!seen || (!method && !words.length)) return undefined
  return `0x${(method + words.join('')).toLowerCase()}`
}
