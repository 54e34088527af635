/**
 * KeystoreBounds: every parameter set real wallets write passes (the published defaults of
 * geth, ethers, MyEtherWallet and the Web3 Secret Storage page); hostile ones are refused
 * before any memory is taken, naming the parameter.
 */
import { describe, expect, it } from 'vitest'
import * as KeystoreBounds from './KeystoreBounds'

const scrypt = (n: number, r: number, p: number, dklen = 32) => ({ n, r, p, dklen })

describe('KeystoreBounds', () => {
  it('scrypt memory is 128·r·N bytes (RFC 7914): geth standard 256 MiB, light 4 MiB, ethers 128 MiB', () => {
    expect(KeystoreBounds.scryptMemory({ n: 2 ** 18, r: 8 })).toBe(256 * 1024 * 1024)
    expect(KeystoreBounds.scryptMemory({ n: 2 ** 12, r: 8 })).toBe(4 * 1024 * 1024)
    expect(KeystoreBounds.scryptMemory({ n: 2 ** 17, r: 8 })).toBe(128 * 1024 * 1024)
    expect(KeystoreBounds.formatBytes(256 * 1024 * 1024)).toBe('256 MiB')
    expect(KeystoreBounds.formatBytes(1536)).toBe('1.5 KiB')
    expect(KeystoreBounds.formatBytes(12)).toBe('12 bytes')
  })

  it.each([
    ['geth / clef / cast standard', scrypt(2 ** 18, 8, 1)],
    ['geth light', scrypt(2 ** 12, 8, 1)],
    ['geth test files', scrypt(2, 8, 16)],
    ['Web3 Secret Storage page', scrypt(2 ** 18, 1, 8)],
    ['ethers v5 / v6', scrypt(2 ** 17, 8, 1)],
    ['MyEtherWallet / MyCrypto', scrypt(2 ** 13, 8, 1)],
  ])('scrypt as %s writes it passes', (_who, p) => {
    expect(() => KeystoreBounds.checkScrypt(p)).not.toThrow()
  })

  it('PBKDF2 as MyEtherWallet and Parity write it passes (c = 262144, 10240)', () => {
    for (const c of [262144, 10240, 1]) expect(() => KeystoreBounds.checkPbkdf2({ c, dklen: 32 })).not.toThrow()
  })

  it.each([
    ['N = 0', scrypt(0, 8, 1), 'n'],
    ['N not a power of two', scrypt(3, 8, 1), 'n'],
    ['N = 2^40', scrypt(2 ** 40, 8, 1), 'n'],
    ['N = 2^21 (past the largest N)', scrypt(2 ** 21, 1, 1), 'n'],
    ['memory 2 GiB (N = 2^20, r = 16)', scrypt(2 ** 20, 16, 1), 'n'],
    ['work past 2^24 (N = 2^18, r = 8, p = 16)', scrypt(2 ** 18, 8, 16), 'p'],
    ['r = 0', scrypt(2 ** 12, 0, 1), 'r'],
    ['p = 17', scrypt(2 ** 12, 8, 17), 'p'],
    ['N fractional', scrypt(1024.5, 8, 1), 'n'],
    ['dklen 64', scrypt(2 ** 12, 8, 1, 64), 'dklen'],
  ])('scrypt %s is refused, naming the parameter', (_what, p, param) => {
    let err: unknown
    try {
      KeystoreBounds.checkScrypt(p)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(KeystoreBounds.AbsurdParamsError)
    expect((err as KeystoreBounds.AbsurdParamsError).name).toBe('KeystoreBounds.AbsurdParamsError')
    expect((err as KeystoreBounds.AbsurdParamsError).param).toBe(param)
  })

  it('PBKDF2 c = 10^12, c = 0 and a 64-byte key are refused', () => {
    expect(() => KeystoreBounds.checkPbkdf2({ c: 1e12, dklen: 32 })).toThrow(expect.objectContaining({ param: 'c' }))
    expect(() => KeystoreBounds.checkPbkdf2({ c: 0, dklen: 32 })).toThrow(expect.objectContaining({ param: 'c' }))
    expect(() => KeystoreBounds.checkPbkdf2({ c: 262144, dklen: 64 })).toThrow(expect.objectContaining({ param: 'dklen' }))
  })
})
