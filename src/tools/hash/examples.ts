import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Keccak-256 of "hello"', inputs: { input: 'hello', encoding: 'utf8' }, expect: { 'Keccak-256': '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8' } },
  {
    title: '"abc": FIPS known answers (Keccak-256 and SHA3-256 differ)',
    inputs: { input: 'abc', encoding: 'utf8', sha3_256: 'true', sha256: 'true', ripemd160: 'true' },
    expect: {
      'Keccak-256': '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
      'SHA3-256 (FIPS 202)': '0x3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532',
      'SHA-256': '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'RIPEMD-160': '0x8eb208f7e05d987a9b044a8e98c6b087f15a0bfc',
    },
  },
  { title: 'Empty input (hex)', inputs: { input: '0x', encoding: 'hex', sha256: 'true' }, expect: { 'Keccak-256': '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470', 'SHA-256': '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' } },
]
