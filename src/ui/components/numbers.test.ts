import { describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import { grouped } from './numbers'

describe('grouped', () => {
  it('writes what Intl (toLocaleString en-US) writes, for random whole numbers of every length', () => {
    const random = Math.random // seeded per file from testSeed (src/test-setup.ts prints it)
    const cases: (number | bigint)[] = [0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, 10n ** 30n, -(10n ** 21n) - 7n]
    for (let i = 0; i < 300; i++) {
      const digits = 1 + Math.floor(random() * 25)
      let s = String(1 + Math.floor(random() * 9))
      for (let j = 1; j < digits; j++) s += String(Math.floor(random() * 10))
      cases.push(random() < 0.5 ? BigInt(s) : -BigInt(s))
      if (digits < 16) cases.push(Number(s))
    }
    for (const n of cases) expect(grouped(n), `seed ${testSeed}: ${n}`).toBe(n.toLocaleString('en-US'))
  })
})
