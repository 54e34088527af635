import { describe, expect, it } from 'vitest'
import * as Create2Salt from './Create2Salt'
import * as GpuMiners from './GpuMiners'
import * as Vanity from './Vanity'

const HASH = '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f'
const CALLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PUB = '8318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5'

/** A command line as the miner's argument parser reads it: `--flag value` pairs, and the positional words. */
function argv(line: string): { flags: Record<string, string>; words: string[] } {
  const parts = line.split(' ')
  const flags: Record<string, string> = {}
  const words: string[] = []
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (p.startsWith('-') && i + 1 < parts.length && !parts[i + 1]!.startsWith('-')) flags[p] = parts[++i]!
    else if (p.startsWith('-')) flags[p] = ''
    else words.push(p)
  }
  return { flags, words }
}

const line = (c: GpuMiners.Command) => {
  if (!c.ok) throw new Error(`no command: ${c.reason}`)
  return c.line
}

describe('profanity2 (split key)', () => {
  it('prefix, suffix, both, leading zero bytes and --contract, each as its README writes it, with the public key after -z', () => {
    expect(line(GpuMiners.profanity2(Vanity.parse({ mode: 'prefix', prefix: 'DEad' }), 'address', PUB))).toBe(`./profanity2.x64 --matching dead -z ${PUB}`)
    expect(line(GpuMiners.profanity2(Vanity.parse({ mode: 'suffix', suffix: '999999' }), 'address', PUB))).toBe(`./profanity2.x64 --matching ${'X'.repeat(34)}999999 -z ${PUB}`)
    expect(line(GpuMiners.profanity2(Vanity.parse({ mode: 'both', prefix: 'bad', suffix: 'bad' }), 'address', PUB))).toBe(`./profanity2.x64 --matching bad${'X'.repeat(34)}bad -z ${PUB}`)
    expect(line(GpuMiners.profanity2(Vanity.parse({ mode: 'zeros', zeroBytes: 3 }), 'create', PUB))).toBe(`./profanity2.x64 --contract --leading 0 -z ${PUB}`)
    const z = GpuMiners.profanity2(Vanity.parse({ mode: 'zeros', zeroBytes: 3 }), 'address', PUB)
    expect(z.ok && z.note).toMatch(/score is 6 or more/)
  })
  it('a substring or a checksum case is said to be beyond it, with no command', () => {
    const c = GpuMiners.profanity2(Vanity.parse({ mode: 'contains', contains: 'c0ffee' }), 'address', PUB)
    expect(c).toMatchObject({ ok: false, reason: expect.stringMatching(/fixed positions only/) })
    expect(GpuMiners.profanity2(Vanity.parse({ mode: 'prefix', prefix: 'dEAD', matchCase: true }), 'address', PUB)).toMatchObject({ ok: false, reason: expect.stringMatching(/checksum case/) })
  })
})

describe('salt miners: every value of the form is in the command, in its place', () => {
  const createx = Create2Salt.setup({ convention: 'createx', caller: CALLER, crossChain: true, chainId: 8453n, initCodeHash: HASH })
  it('createXcrunch: factory, caller, chain id, init code hash, GPU, pattern', () => {
    const c = line(GpuMiners.createXcrunch(createx, Vanity.parse({ mode: 'both', prefix: 'ba5ed', suffix: 'BA5ED' }), 2))
    expect(c).toBe(
      `./target/release/createxcrunch create2 --factory 0xba5ed099633d3b313e4d5f7bdc1305d3c28ba5ed --caller 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 --crosschain 8453 --code-hash ${HASH} --gpu-device-id 2 --matching ba5ed${'X'.repeat(30)}ba5ed`,
    )
    const { flags, words } = argv(c)
    expect(words).toEqual(['./target/release/createxcrunch', 'create2'])
    expect(flags['--factory']!.toLowerCase()).toBe(Create2Salt.CREATEX.toLowerCase())
    expect(flags['--caller']!.toLowerCase()).toBe(CALLER.toLowerCase())
    expect(flags['--crosschain']).toBe('8453')
    expect(flags['--code-hash']).toBe(HASH)
    expect(flags['--gpu-device-id']).toBe('2')
    expect(flags['--matching']).toHaveLength(40)
    // leading zero bytes; no caller and no protection: neither flag
    const open = Create2Salt.setup({ convention: 'createx', initCodeHash: HASH })
    expect(argv(line(GpuMiners.createXcrunch(open, Vanity.parse({ mode: 'zeros', zeroBytes: 4 }), 0))).flags).toEqual({
      '--factory': Create2Salt.CREATEX.toLowerCase(),
      '--code-hash': HASH,
      '--gpu-device-id': '0',
      '--leading': '4',
    })
  })
  it('createXcrunch: other factories, substrings, case and a chain id past 64 bits are refused with the reason', () => {
    const proxy = Create2Salt.setup({ convention: 'proxy', initCodeHash: HASH })
    expect(GpuMiners.createXcrunch(proxy, Vanity.parse({ mode: 'zeros', zeroBytes: 4 }), 0)).toMatchObject({ ok: false, reason: expect.stringMatching(/CreateX only/) })
    expect(GpuMiners.createXcrunch(createx, Vanity.parse({ mode: 'contains', contains: 'abc' }), 0).ok).toBe(false)
    expect(GpuMiners.createXcrunch(createx, Vanity.parse({ mode: 'prefix', prefix: 'AB', matchCase: true }), 0).ok).toBe(false)
    const big = Create2Salt.setup({ convention: 'createx', crossChain: true, chainId: 2n ** 64n, initCodeHash: HASH })
    expect(GpuMiners.createXcrunch(big, Vanity.parse({ mode: 'prefix', prefix: 'ab' }), 0)).toMatchObject({ ok: false, reason: expect.stringMatching(/64-bit/) })
  })
  it('create2crunch: factory, caller (the ImmutableCreate2Factory’s, else zero), init code hash, GPU, leading zero bytes, total off (255)', () => {
    const immutable = Create2Salt.setup({ convention: 'immutable', caller: CALLER, initCodeHash: HASH })
    const c = line(GpuMiners.create2crunch(immutable, Vanity.parse({ mode: 'zeros', zeroBytes: 5 }), 1))
    // cargo run --release FACTORY CALLER INIT_CODE_HASH GPU LEADING TOTAL, as its README orders them
    expect(c.split(' ').slice(3)).toEqual([Create2Salt.IMMUTABLE_CREATE2_FACTORY.toLowerCase(), CALLER.toLowerCase(), HASH, '1', '5', '255'])
    expect(c).toBe(`cargo run --release 0x0000000000ffe8b47b3e2130213b802212439497 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 ${HASH} 1 5 255`)
    const proxy = Create2Salt.setup({ convention: 'proxy', initCodeHash: HASH })
    expect(line(GpuMiners.create2crunch(proxy, Vanity.parse({ mode: 'zeros', zeroBytes: 3 }), 0))).toBe(`cargo run --release 0x4e59b44847b379578588920ca78fbf26c0b4956c 0x${'0'.repeat(40)} ${HASH} 0 3 255`)
    const custom = Create2Salt.setup({ convention: 'custom', deployer: CALLER, initCodeHash: HASH })
    expect(line(GpuMiners.create2crunch(custom, Vanity.parse({ mode: 'zeros', zeroBytes: 2 }), 7)).split(' ').slice(3)).toEqual([CALLER.toLowerCase(), `0x${'0'.repeat(40)}`, HASH, '7', '2', '255'])
  })
  it('create2crunch: a prefix, or CreateX, is refused with the reason', () => {
    const proxy = Create2Salt.setup({ convention: 'proxy', initCodeHash: HASH })
    expect(GpuMiners.create2crunch(proxy, Vanity.parse({ mode: 'prefix', prefix: 'dead' }), 0)).toMatchObject({ ok: false, reason: expect.stringMatching(/zero bytes only/) })
    expect(GpuMiners.create2crunch(createx, Vanity.parse({ mode: 'zeros', zeroBytes: 4 }), 0)).toMatchObject({ ok: false, reason: expect.stringMatching(/createXcrunch/) })
    expect(GpuMiners.forSalt(proxy, Vanity.parse({ mode: 'zeros', zeroBytes: 4 }), 0).map((c) => [c.miner, c.ok])).toEqual([
      ['createXcrunch', false],
      ['create2crunch', true],
    ])
  })
})
