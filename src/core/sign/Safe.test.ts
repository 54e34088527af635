import { ethers } from 'ethers'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cast, expectDomainErrorOrValue } from '../../../test/support'
import * as Safe from './Safe'

const Z = Safe.ZERO_ADDRESS
const base = (over: Partial<Safe.SafeTx> = {}): Safe.SafeTx => ({
  to: '0x1111111111111111111111111111111111111111',
  value: 0n,
  data: '0x',
  operation: 0,
  safeTxGas: 0n,
  baseGas: 0n,
  gasPrice: 0n,
  gasToken: Z,
  refundReceiver: Z,
  nonce: 0n,
  ...over,
})

// Known answers from the README of pcaversaccio/safe-tx-hashes-util (Safe 1.3.0 on Arbitrum,
// chain 42161): the values it tells signers to compare with the Ledger screen.
describe('safe-tx-hashes-util known answers', () => {
  const safe = '0x111CEEee040739fD91D29C34C33E6B3E112F2177' as const
  const tx = base({
    to: safe,
    data: '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003',
    nonce: 234n,
  })
  it('an addOwnerWithThreshold call', () => {
    const h = Safe.hashes({ version: '1.3.0', chainId: 42161n, safe, tx })
    expect(Safe.ledgerFormat(h.domainHash)).toBe('0x1CF7F9B1EFE3BC47FE02FD27C649FEA19E79D66040683A1C86C7490C80BF7291')
    expect(Safe.ledgerFormat(h.messageHash)).toBe('0xD9109EA63C50ECD3B80B6B27ED5C5A9FD3D546C2169DFB69BFA7BA24CD14C7A5')
    expect(h.safeTxHash).toBe('0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3')
  })
  it('with value, DELEGATECALL and a WETH gas refund', () => {
    const h = Safe.hashes({
      version: '1.3.0',
      chainId: 42161n,
      safe,
      tx: { ...tx, value: 1000n, operation: 1, gasPrice: 50n, gasToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', refundReceiver: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
    })
    expect(h.messageHash).toBe('0xc7e826933da60e6ac3e2246ed0563a26a920a65beaa9089d784ac96234141bb3')
    expect(h.safeTxHash).toBe('0xc818fceb1cace51c1a4039c4c66fc73d95eccc298104c9c52debac604b9f4e04')
  })
})

describe('hashes against ethers v5 TypedDataEncoder', () => {
  const safe = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
  const SafeTx = [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ]
  it('every version, random transactions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Safe.VERSIONS),
        fc.uint8Array({ maxLength: 80 }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.constantFrom(0, 1),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (version, data, value, nonce, operation, chainId) => {
          const tx = base({ value, nonce, operation: operation as 0 | 1, data: ethers.utils.hexlify(data) as Safe.Hex, gasPrice: nonce % 7n })
          const h = Safe.hashes({ version, chainId: BigInt(chainId), safe, tx })
          const domain = Safe.domainHasChainId(version) ? { chainId, verifyingContract: safe } : { verifyingContract: safe }
          const msg = { ...tx, value: tx.value.toString(), nonce: tx.nonce.toString(), safeTxGas: '0', baseGas: '0', gasPrice: tx.gasPrice.toString() }
          expect(h.domainHash).toBe(ethers.utils._TypedDataEncoder.hashDomain(domain))
          expect(h.safeTxHash).toBe(ethers.utils._TypedDataEncoder.hash(domain, { SafeTx }, msg))
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('versions', () => {
  it('parses the releases and refuses others', () => {
    expect(Safe.parseVersion('1.3.0+L2')).toBe('1.3.0')
    expect(Safe.parseVersion(' v1.4.1 ')).toBe('1.4.1')
    for (const bad of ['0.1.0', '1.6.0', '2.0.0', 'latest', '', '1.3'])
      expect(() => Safe.parseVersion(bad)).toThrow(expect.objectContaining({ name: 'Safe.UnknownVersionError', field: 'version' }))
  })
})

describe('sensitive selectors agree with cast sig', () => {
  it.each(Safe.SENSITIVE.map((s) => [s.signature] as const))('%s', (sig) => {
    const selector = cast(['sig', sig])
    const w = Safe.warnings({ tx: base({ to: '0x1111111111111111111111111111111111111111', data: `${selector}${'00'.repeat(32)}` as Safe.Hex }), safe: '0x1111111111111111111111111111111111111111', chainId: 1n })
    expect(w.some((x) => x.level === 'danger' && x.message.startsWith(sig.split('(')[0]!))).toBe(true)
  })
})

describe('signature forms, recovered by ethers v5', () => {
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
  const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const hash = ethers.utils.keccak256(ethers.utils.toUtf8Bytes('a safe tx')) as Safe.Hex
  it('EIP-712 form signs the hash itself (v = 27/28)', () => {
    const s = Safe.signEip712(key, hash)
    expect(ethers.utils.recoverAddress(hash, s.signature)).toBe(owner)
    expect(Safe.parseOwnerSignature(s.signature, hash, '1.3.0')).toEqual({ owner, kind: 'eip712', signature: s.signature })
  })
  it('eth_sign form signs the prefixed hash and adds 4 to v', () => {
    const s = Safe.signEthSign(key, hash, '1.1.1')
    const v = Number.parseInt(s.signature.slice(130), 16)
    expect([31, 32]).toContain(v)
    const back = s.signature.slice(0, 130) + (v - 4).toString(16)
    expect(ethers.utils.verifyMessage(ethers.utils.arrayify(hash), back)).toBe(owner)
    expect(Safe.parseOwnerSignature(s.signature, hash, '1.5.0').owner).toBe(owner)
  })
  it('Safe 1.0.0 refuses eth_sign', () => {
    expect(() => Safe.signEthSign(key, hash, '1.0.0')).toThrow(expect.objectContaining({ name: 'Safe.EthSignUnsupportedError' }))
    const s = Safe.signEthSign(key, hash, '1.1.0')
    expect(() => Safe.parseOwnerSignature(s.signature, hash, '1.0.0')).toThrow(expect.objectContaining({ name: 'Safe.EthSignUnsupportedError' }))
  })
  it('approved hash and contract forms; combine sorts by owner and lays out the dynamic part', () => {
    const a = Safe.approvedHash('0xffffffffffffffffffffffffffffffffffffffff')
    const c = Safe.contractSignature('0x0000000000000000000000000000000000000002', '0xabcdef')
    const e = Safe.signEip712(key, hash)
    const combined = Safe.combine([a, c, e])
    // ethers v5 as the independent encoder of the expected layout.
    const expected = ethers.utils.hexConcat([
      ethers.utils.hexZeroPad('0x02', 32),
      ethers.utils.hexZeroPad(ethers.utils.hexlify(195), 32),
      '0x00',
      e.signature,
      a.signature,
      ethers.utils.hexZeroPad('0x03', 32),
      '0xabcdef',
    ])
    expect(combined).toBe(expected)
    expect(() => Safe.combine([e, e])).toThrow(expect.objectContaining({ name: 'Safe.DuplicateOwnerError' }))
  })
  it('splits a blob of signatures and rejects junk at the field', () => {
    const e = Safe.signEip712(key, hash)
    const a = Safe.approvedHash('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(Safe.parseOwnerSignatures(`${e.signature}${a.signature.slice(2)}`, hash, '1.3.0').map((s) => s.owner)).toEqual([owner, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (t) => {
        expectDomainErrorOrValue(() => Safe.parseOwnerSignatures(t, hash, '1.3.0'))
      }),
    )
  })
})

describe('JSON import', () => {
  const exported = JSON.stringify({
    safe: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
    to: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
    value: '0',
    data: null,
    operation: 0,
    gasToken: Z,
    safeTxGas: 0,
    baseGas: 0,
    gasPrice: '0',
    refundReceiver: Z,
    nonce: 234,
    safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
    confirmations: [{ owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', signature: `0x${'11'.repeat(65)}`, signatureType: 'EOA' }],
  })
  it('reads the transaction service format', () => {
    const r = Safe.fromJson(exported)
    expect(r.tx).toEqual({ to: '0x111CEEee040739fD91D29C34C33E6B3E112F2177', value: 0n, data: '0x', operation: 0, gasToken: Z, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, refundReceiver: Z, nonce: 234n })
    expect(r.safe).toBe('0x111CEEee040739fD91D29C34C33E6B3E112F2177')
    expect(r.confirmations).toHaveLength(1)
  })
  it.each([
    ['{to:', /Not valid JSON/],
    ['[1,2]', /not an object/],
    ['{"value":"1"}', /no "to" field/],
    ['{"to":"0x12"}', /"to" is "0x12"; it must be an address/],
    ['{"to":"0x1111111111111111111111111111111111111111","value":-1}', /"value" is -1/],
    ['{"to":"0x1111111111111111111111111111111111111111","value":"1.5"}', /"value" is "1.5"/],
    ['{"to":"0x1111111111111111111111111111111111111111","operation":2}', /"operation" is 2/],
    ['{"to":"0x1111111111111111111111111111111111111111","data":"0xabc"}', /"data" is "0xabc"; it must be 0x hex bytes/],
    ['{"transactions":[{"to":"0x1111111111111111111111111111111111111111"}]}', /Transaction Builder batch/],
  ])('%s gets a clear message', (text, msg) => {
    expect(() => Safe.fromJson(text)).toThrow(expect.objectContaining({ name: 'Safe.InvalidJsonError', field: 'json', shortMessage: expect.stringMatching(msg) }))
  })
  it('never crashes on arbitrary JSON-ish input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ to: v, value: v, data: v, nonce: v, confirmations: v }))), (t) => {
        expectDomainErrorOrValue(() => Safe.fromJson(t))
      }),
    )
  })
})

describe('warnings, each triggered by a constructed transaction', () => {
  const safe = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe' as const
  const codes = (tx: Safe.SafeTx, currentNonce?: bigint, chainId = 1n) => Safe.warnings({ tx, safe, chainId, currentNonce }).map((w) => w.code)
  const ms = (entries: { op: number; to: string; value?: bigint; data?: string }[]) =>
    new ethers.utils.Interface(['function multiSend(bytes)']).encodeFunctionData('multiSend', [
      ethers.utils.solidityPack(
        entries.flatMap(() => ['uint8', 'address', 'uint256', 'uint256', 'bytes']),
        entries.flatMap((e) => [e.op, e.to, e.value ?? 0n, ethers.utils.hexDataLength(e.data ?? '0x'), e.data ?? '0x']),
      ),
    ]) as Safe.Hex
  const iface = new ethers.utils.Interface(['function addOwnerWithThreshold(address,uint256)', 'function enableModule(address)', 'function setGuard(address)', 'function setFallbackHandler(address)', 'function changeThreshold(uint256)'])

  it('a plain transfer has none', () => expect(codes(base({ value: 1n }), 0n)).toEqual([]))
  it('DELEGATECALL to an unknown address', () => expect(codes(base({ operation: 1 }))).toEqual(['delegatecall']))
  it('DELEGATECALL to MultiSendCallOnly 1.3.0 on mainnet is fine, not on a chain without it', () => {
    const tx = base({ operation: 1, to: '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D', data: ms([{ op: 0, to: '0x2222222222222222222222222222222222222222', value: 5n }]) })
    expect(codes(tx)).toEqual([])
    expect(codes(tx, undefined, 31337n)).toEqual(['delegatecall'])
  })
  it('a nested DELEGATECALL inside a MultiSend batch', () => {
    const tx = base({ operation: 1, to: '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761', data: ms([{ op: 1, to: '0x2222222222222222222222222222222222222222' }]) })
    expect(codes(tx)).toEqual(['nested-delegatecall'])
  })
  it('DELEGATECALL to SignMessageLib is a softer warning', () => {
    expect(Safe.warnings({ tx: base({ operation: 1, to: '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2' }), safe, chainId: 1n })).toEqual([expect.objectContaining({ code: 'delegatecall-library', level: 'warn' })])
  })
  it('gas refund, gas token, refund receiver', () => {
    expect(codes(base({ gasPrice: 1n }))).toEqual(['gas-refund'])
    expect(codes(base({ gasToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }))).toEqual(['gas-token'])
    expect(codes(base({ refundReceiver: '0x3333333333333333333333333333333333333333' }))).toEqual(['refund-receiver'])
  })
  it('nonce ahead and nonce used', () => {
    expect(codes(base({ nonce: 7n }), 5n)).toEqual(['nonce-ahead'])
    expect(codes(base({ nonce: 4n }), 5n)).toEqual(['nonce-used'])
    expect(codes(base({ nonce: 5n }), 5n)).toEqual([])
  })
  it('owner, threshold, module, guard and fallback handler changes, also inside a batch', () => {
    const o = '0x4444444444444444444444444444444444444444'
    expect(codes(base({ to: safe, data: iface.encodeFunctionData('addOwnerWithThreshold', [o, 2]) as Safe.Hex }))).toEqual(['owners'])
    expect(codes(base({ to: safe, data: iface.encodeFunctionData('changeThreshold', [1]) as Safe.Hex }))).toEqual(['owners'])
    expect(codes(base({ to: safe, data: iface.encodeFunctionData('enableModule', [o]) as Safe.Hex }))).toEqual(['modules'])
    expect(codes(base({ to: safe, data: iface.encodeFunctionData('setGuard', [o]) as Safe.Hex }))).toEqual(['guard'])
    expect(codes(base({ to: safe, data: iface.encodeFunctionData('setFallbackHandler', [o]) as Safe.Hex }))).toEqual(['fallback-handler'])
    const batch = base({ operation: 1, to: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2', data: ms([{ op: 0, to: safe, data: iface.encodeFunctionData('enableModule', [o]) }]) })
    expect(Safe.warnings({ tx: batch, safe, chainId: 1n })).toEqual([expect.objectContaining({ code: 'modules', at: 'tx › multiSend[0]' })])
  })
  it('another call to the Safe itself', () => expect(codes(base({ to: safe, data: '0xd4d9bdcd' }))).toEqual(['self-call']))
})

describe('MultiSend batches', () => {
  it('reads the packed format and the 1.0.0 ABI-word format (encoded by ethers v5)', () => {
    const entries = [
      { op: 0, to: '0x2222222222222222222222222222222222222222', value: 7n, data: '0x' },
      { op: 1, to: '0x3333333333333333333333333333333333333333', value: 0n, data: '0xdeadbeef01' },
    ]
    const iface = new ethers.utils.Interface(['function multiSend(bytes)'])
    const packed = ethers.utils.solidityPack(entries.flatMap(() => ['uint8', 'address', 'uint256', 'uint256', 'bytes']), entries.flatMap((e) => [e.op, e.to, e.value, ethers.utils.hexDataLength(e.data), e.data]))
    const legacy = ethers.utils.hexConcat(entries.map((e) => ethers.utils.defaultAbiCoder.encode(['uint8', 'address', 'uint256', 'bytes'], [e.op, e.to, e.value, e.data])))
    for (const [blob, format] of [[packed, 'packed'], [legacy, 'legacy']] as const) {
      const s = Safe.steps({ to: '0x1111111111111111111111111111111111111111', value: 0n, operation: 1, data: iface.encodeFunctionData('multiSend', [blob]) as Safe.Hex })
      expect(s[0]!.format).toBe(format)
      expect(s.slice(1).map((x) => [x.operation, x.to, x.value, x.data])).toEqual(entries.map((e) => [e.op, e.to, e.value, e.data]))
    }
  })
})

describe('known contracts come from safe-deployments', () => {
  it('the MultiSend 1.3.0 canonical address on mainnet, as safe-deployments lists it', async () => {
    const { getMultiSendDeployment, getMultiSendCallOnlyDeployment } = await import('@safe-global/safe-deployments')
    for (const [get, name] of [[getMultiSendDeployment, 'MultiSend'], [getMultiSendCallOnlyDeployment, 'MultiSendCallOnly']] as const)
      for (const version of ['1.3.0', '1.4.1']) {
        const d = get({ version, network: '1' })!
        const addrs = ([] as string[]).concat(d.networkAddresses['1'] as string | string[])
        for (const a of addrs) expect(Safe.knownContract(1n, a)).toEqual(expect.objectContaining({ name, version }))
      }
  })
})

describe('hostile call data never crashes the batch walk or the warnings', () => {
  it('random and truncated multiSend payloads', () => {
    const multi = (b: Uint8Array) => new ethers.utils.Interface(['function multiSend(bytes)']).encodeFunctionData('multiSend', [b]) as Safe.Hex
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), fc.constantFrom(0, 1), (b, wrap, op) => {
        const data = wrap ? multi(b) : (ethers.utils.hexlify(b) as Safe.Hex)
        const tx = base({ data, operation: op as 0 | 1 })
        expectDomainErrorOrValue(() => Safe.steps(tx))
        expectDomainErrorOrValue(() => Safe.warnings({ tx, safe: '0x5aFE3855358E112B5647B952709E6165e1c1eEEe', chainId: 1n, currentNonce: 3n }))
      }),
    )
  })
})

describe('readiness: signatures against the threshold', () => {
  const h = `0x${'ab'.repeat(32)}` as Safe.Hex
  const k1 = `0x${'11'.repeat(32)}` as Safe.Hex
  const k2 = `0x${'22'.repeat(32)}` as Safe.Hex
  const a = Safe.signEip712(k1, h)
  const b = Safe.signEip712(k2, h)
  it('a 1-of-n Safe is ready with one signature, a 2-of-3 with two distinct owners', () => {
    expect(Safe.readiness([a], 1n).ready).toBe(true)
    expect(Safe.readiness([a], 2n)).toMatchObject({ counted: 1, ready: false })
    expect(Safe.readiness([a, a], 2n)).toMatchObject({ counted: 1, ready: false })
    expect(Safe.readiness([a, b], 2n)).toMatchObject({ counted: 2, ready: true })
    expect(Safe.readiness([], 0n).ready).toBe(false)
  })
  it('only listed owners count when the owners are known', () => {
    const r = Safe.readiness([a, b], 2n, [a.owner.toLowerCase()])
    expect(r).toMatchObject({ counted: 1, ready: false })
    expect(r.strangers).toEqual([b.owner])
    // The owner recovered by ethers v5 is the one counted.
    expect(ethers.utils.recoverAddress(h, a.signature)).toBe(a.owner)
  })
})

describe('nestedApproval: the inner Safe transaction', () => {
  it('approveHash(outer hash) to the outer Safe, hashed as the nested Safe (ethers v5)', () => {
    const outerSafe = ethers.utils.getAddress(`0x${'12'.repeat(20)}`) as Safe.Hex
    const nestedSafe = ethers.utils.getAddress(`0x${'34'.repeat(20)}`) as Safe.Hex
    const outerSafeTxHash = `0x${'ab'.repeat(32)}` as Safe.Hex
    const n = Safe.nestedApproval({ outerSafe, outerSafeTxHash, nestedSafe, version: '1.4.1', chainId: 10n, nonce: 5n })
    expect(n.tx.data).toBe(new ethers.utils.Interface(['function approveHash(bytes32)']).encodeFunctionData('approveHash', [outerSafeTxHash]))
    expect(n.tx).toMatchObject({ to: outerSafe, value: 0n, operation: 0, nonce: 5n })
    const types = { SafeTx: [['to', 'address'], ['value', 'uint256'], ['data', 'bytes'], ['operation', 'uint8'], ['safeTxGas', 'uint256'], ['baseGas', 'uint256'], ['gasPrice', 'uint256'], ['gasToken', 'address'], ['refundReceiver', 'address'], ['nonce', 'uint256']].map(([name, type]) => ({ name: name!, type: type! })) }
    expect(n.hashes.safeTxHash).toBe(ethers.utils._TypedDataEncoder.hash({ chainId: 10, verifyingContract: nestedSafe }, types, { ...n.tx, value: '0', safeTxGas: '0', baseGas: '0', gasPrice: '0', nonce: '5' }))
    expect(n.outerSignature).toMatchObject({ owner: nestedSafe, kind: 'approved' })
  })
})

describe('explainRevert: the Safe error codes in the contracts\' own words', () => {
  const ascii = (version: string) => {
    const { bytecode } = JSON.parse(readFileSync(join(process.cwd(), 'test', 'fixtures', 'safe', version, 'safe.json'), 'utf8')) as { bytecode: string }
    return Buffer.from(bytecode.slice(2), 'hex').toString('latin1')
  }
  it('every code is one the published 1.4.1 Safe reverts with, and its words are the 1.2.0 Safe\'s revert string', () => {
    const v141 = ascii('1.4.1')
    const v120 = ascii('1.2.0')
    for (const [code, { words }] of Object.entries(Safe.ERROR_CODES)) {
      expect(v141, code).toContain(code)
      // GS013 came with 1.3.0 (no older string).
      if (code !== 'GS013') expect(v120, code).toContain(words)
    }
  })
  it('names the code in a revert reason, and leaves other reasons as they are', () => {
    expect(Safe.explainRevert('The call reverted: Error("GS026").')).toMatch(/^GS026: Invalid owner provided \(a signature is not from an owner/)
    expect(Safe.explainRevert('GS020')).toBe('GS020: Signatures data too short (fewer signatures than the threshold)')
    expect(Safe.explainRevert('The call reverted: Error("GS999").')).toBe('The call reverted: Error("GS999").')
    expect(Safe.explainRevert('out of gas')).toBe('out of gas')
  })
})
