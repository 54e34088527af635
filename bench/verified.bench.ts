/**
 * Verified reads (#26): verified mode against plain mode on the same reads and the same
 * simulation, on a local anvil started here (loopback: the round trips are cheap here, and
 * counted, because against a remote node they are what costs).
 *
 * - 100 accounts, each with one storage slot and code: plain reads (eth_getBalance,
 *   eth_getTransactionCount, eth_getCode, eth_getStorageAt in one batch) against verified reads
 *   (the header, then eth_getProof and eth_getCode in one batch, each proof checked).
 * - The verification alone for those 100 accounts and 100 slots, from answers already fetched
 *   (header hash, account proofs, storage proofs, code hashes): the goal is ≤ 50 ms.
 * - A simulation (a call walking a chain of 5 contracts, writing 15 slots): plain against
 *   verified with a pasted hash (no extra round trip) and with a second node (one: the anchor).
 * The case names carry the measured round trips and the verification time.
 */
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as ProofVerify from '../src/core/chain/ProofVerify'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as Simulation from '../src/core/sim/Simulation'
import * as VerifiedReads from '../src/core/sim/VerifiedReads'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { compile } from '../test/chain/sim/contracts'
import { FROM, startAnvil, type Node } from './anvilKit'
import { cpuPerCall, type BenchCase, type BenchSuite } from './harness'

const N_ACCOUNTS = 100
const N_CONTRACTS = 5
let url = ''
let chain: Node
const accounts: { address: Hex; slot: Hex }[] = []
let fetched: { block: unknown; proofs: unknown[]; codes: unknown[] } | undefined
let callInput: Simulation.CallInput | undefined
let pinnedHash: Hex = '0x'

const rpc: Node['rpc'] = (method, params) => chain.rpc(method, params)
const send: Node['send'] = (tx) => chain.send(tx)
const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}` as Hex

const plainReads = (tag: string): SimRpc.Call[] =>
  accounts.flatMap((a) => [
    { method: 'eth_getBalance', params: [a.address, tag] },
    { method: 'eth_getTransactionCount', params: [a.address, tag] },
    { method: 'eth_getCode', params: [a.address, tag] },
    { method: 'eth_getStorageAt', params: [a.address, a.slot, tag] },
  ])

async function simulate(t: SimRpc.Transport) {
  const c = SimRpc.create(t)
  const s = await Simulation.openAt(c, 'latest', { call: callInput! })
  const r = await Simulation.call(s, callInput!)
  return { c, r }
}

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    chain = await startAnvil()
    url = chain.url
    for (let i = 0; i < N_ACCOUNTS; i++) {
      const address = hex(0x1000 + i * 7919, 20)
      const slot = hex(i * 31 + 1, 32)
      await rpc('anvil_setBalance', [address, hex(1e15 + i, 8)])
      await rpc('anvil_setCode', [address, hex(0x600160005500 + i, 8)])
      await rpc('anvil_setStorageAt', [address, slot, hex(i + 1, 32)])
      accounts.push({ address, slot })
    }
    const art = compile()
    const node = art.Node!
    const nodes: Hex[] = []
    for (let i = 0; i < N_CONTRACTS; i++) nodes.push((await send({ data: encodeDeployData({ abi: node.abi as Abi, bytecode: node.bytecode }) })).contractAddress)
    const call = (fn: string, args: unknown[]) => encodeFunctionData({ abi: node.abi as Abi, functionName: fn, args })
    for (let i = 0; i < N_CONTRACTS - 1; i++) await send({ to: nodes[i]!, data: call('setNext', [nodes[i + 1]]) })
    await send({ to: nodes[0]!, data: call('walk', [3n, 1n]) })
    callInput = { from: FROM, to: nodes[0]!, data: call('walk', [3n, 9n]), gas: 5_000_000n }
    const block = await rpc<{ number: string; hash: Hex }>('eth_getBlockByNumber', ['latest', false])
    pinnedHash = block.hash
    const proofs = await Promise.all(accounts.map((a) => rpc('eth_getProof', [a.address, [a.slot], block.number])))
    const codes = await Promise.all(accounts.map((a) => rpc('eth_getCode', [a.address, block.number])))
    fetched = { block, proofs, codes }

    // measured once, for the names: round trips and verification time
    const plain = SimRpc.create(SimRpc.httpTransport(url))
    await SimRpc.batch(plain, plainReads(block.number))
    const vt = VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'none' })
    const v = SimRpc.create(vt)
    await SimRpc.batch(v, plainReads('latest'))
    cases[0]!.name += ` [plain ${plain.roundTrips} round trip, verified ${v.roundTrips} + ${vt.record.extraRoundTrips} (the header); ${vt.record.accounts} accounts, ${vt.record.slots} slots proven in ${vt.record.verifyMs.toFixed(1)} ms]`
    const t0 = performance.now()
    await verifyAll()
    // the machine's load, for reading the time: one keccak of a 532-byte branch node (a few µs on an idle core)
    const branch = new Uint8Array(532).fill(7)
    const k0 = performance.now()
    for (let i = 0; i < 500; i++) keccak_256(branch)
    const first = performance.now() - t0
    const keccakUs = ((performance.now() - k0) / 500) * 1000
    // CPU time after a warm-up (the first calls compile the code)
    for (let i = 0; i < 5; i++) {
      await verifyAll()
      await verifyEach()
    }
    const [cpuBatch, cpuEach] = [await cpuPerCall(verifyAll, 15), await cpuPerCall(verifyEach, 15)]
    cases[1]!.name += ` [first call ${first.toFixed(1)} ms; goal ≤ 50 ms; CPU time a call: one batch ${cpuBatch.toFixed(1)} ms, each answer alone ${cpuEach.toFixed(1)} ms; keccak of a 532-byte node here ${keccakUs.toFixed(1)} µs]`
    const p = await simulate(SimRpc.httpTransport(url))
    const h = VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'hash', hash: pinnedHash })
    const vh = await simulate(h)
    const n = VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'node', url, transport: SimRpc.httpTransport(url) })
    const vn = await simulate(n)
    const same = JSON.stringify(vh.r.diff) === JSON.stringify(p.r.diff) && JSON.stringify(vn.r.diff) === JSON.stringify(p.r.diff)
    cases[2]!.name += ` [round trips: plain ${p.c.roundTrips}; verified, pasted hash ${vh.c.roundTrips} + ${h.record.extraRoundTrips}; verified, second node ${vn.c.roundTrips} + ${n.record.extraRoundTrips} (goal ≤ 1 extra); ${n.record.accounts} accounts, ${n.record.slots} slots proven in ${n.record.verifyMs.toFixed(1)} ms; same diff as plain: ${same}]`
  })()
  return ready
}

/** Verifies the header and the 100 accounts' proofs (with one slot each) and code, from memory, as one batch (what verified mode and the witness do). */
async function verifyAll() {
  const h = ProofVerify.verifyHeader(fetched!.block)
  await ProofVerify.verifyProofs(
    h,
    accounts.map((a, i) => ({ raw: fetched!.proofs[i], address: a.address, slots: [a.slot], code: fetched!.codes[i] })),
  )
}

/** The same, each answer verified alone (a node store and a trie per account, each shared node hashed again). */
async function verifyEach() {
  const h = ProofVerify.verifyHeader(fetched!.block)
  for (let i = 0; i < accounts.length; i++) await ProofVerify.verifyProof(h, fetched!.proofs[i], accounts[i]!.address, [accounts[i]!.slot], fetched!.codes[i])
}

const cases: BenchCase[] = [
  {
    name: `${N_ACCOUNTS} accounts + ${N_ACCOUNTS} slots read over the node: verified (header, eth_getProof, each proof checked) vs plain reads`,
    setup,
    ours: () => SimRpc.batch(SimRpc.create(VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'none' })), plainReads('latest')),
    baselines: { 'plain reads (one batch)': () => SimRpc.batch(SimRpc.create(SimRpc.httpTransport(url)), plainReads('latest')) },
    rounds: 5,
    minMs: 500,
  },
  {
    name: `verification only: header + ${N_ACCOUNTS} account proofs + ${N_ACCOUNTS} storage proofs + code hashes, from memory`,
    setup,
    ours: verifyAll,
    baselines: { 'each answer alone': verifyEach },
    rounds: 10,
    minMs: 500,
  },
  {
    name: `simulation (a call through ${N_CONTRACTS} contracts, 15 slots written), cold session: verified (second node) vs plain`,
    setup,
    ours: () => simulate(VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'node', url, transport: SimRpc.httpTransport(url) })),
    baselines: { plain: () => simulate(SimRpc.httpTransport(url)), 'verified, pasted hash': () => simulate(VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'hash', hash: pinnedHash })) },
    rounds: 5,
    minMs: 500,
  },
]

const suite: BenchSuite = { name: 'Verified reads (proofs against an anchored header) vs plain reads', cases }
export default suite
