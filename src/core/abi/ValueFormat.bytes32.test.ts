import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import * as ValueFormat from './ValueFormat'

/**
 * The refusals bytes32Text makes before decoding (padding, control bytes) change no verdict:
 * on random words built to sit near the edges (text, control bytes, bytes that are not UTF-8,
 * zero padding, bytes after the padding), its answer is the one of ethers v5's
 * parseBytes32String followed by the same rules (nothing after the first zero but zeros; no
 * invisible or control character). Math.random is seeded from testSeed (printed by test-setup).
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/

function reference(word: string): string | undefined {
  const bytes = ethers.utils.arrayify(word)
  const end = bytes.indexOf(0)
  if (end === 0) return undefined
  if (end > 0 && bytes.slice(end).some((b) => b !== 0)) return undefined
  let text: string
  try {
    // ethers wants a zero terminator: a word of 32 text bytes is read as its 32 bytes.
    text = end > 0 ? ethers.utils.parseBytes32String(word) : ethers.utils.toUtf8String(bytes)
  } catch {
    return undefined
  }
  return INVISIBLE.test(text) ? undefined : text
}

describe('ValueFormat.bytes32Text, refusals before decoding', () => {
  it('agrees with ethers v5 on 3,000 words near the edges', () => {
    const pieces = [
      () => Array.from(new TextEncoder().encode('Hello, wörld ✓ 日本')).slice(0, 1 + Math.floor(Math.random() * 20)),
      () => [Math.floor(Math.random() * 0x20)], // a control byte (or zero)
      () => [0x7f],
      () => [0x80 + Math.floor(Math.random() * 0x80)], // a lone continuation or lead byte
      () => [0x20 + Math.floor(Math.random() * 0x5f)], // printable ASCII
      () => [0xe2, 0x80, 0x8b], // U+200B, zero width
    ]
    let text = 0
    for (let i = 0; i < 3000; i++) {
      const bytes: number[] = []
      const parts = Math.floor(Math.random() * 4)
      for (let k = 0; k < parts && bytes.length < 32; k++) bytes.push(...pieces[Math.floor(Math.random() * pieces.length)]!())
      const word = new Uint8Array(32)
      word.set(bytes.slice(0, 32))
      if (Math.random() < 0.2) word[16 + Math.floor(Math.random() * 16)] = 1 + Math.floor(Math.random() * 255) // junk after the padding
      if (Math.random() < 0.1) for (let j = 0; j < 32; j++) word[j] = 0x41 + (j % 26) // 32 text bytes, no terminator
      const hex = ethers.utils.hexlify(word)
      const ours = ValueFormat.bytes32Text(Math.random() < 0.5 ? hex.toUpperCase().replace('0X', '0x') : hex)
      expect(ours, `seed ${testSeed}: ${hex}`).toBe(reference(hex))
      if (ours !== undefined) text++
    }
    // Both kinds were met: words that are text and words that are not.
    expect(text).toBeGreaterThan(100)
    expect(text).toBeLessThan(2900)
  })
})
