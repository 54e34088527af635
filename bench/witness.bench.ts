/**
 * The signer's witness (#26): on a local anvil started here, what a witness costs against a
 * plain simulation of the same call — the extra node round trips (goal ≤ 1), the time to
 * simulate and pack, the witness's size and its QR frame count (UR `bytes`, 200-byte fragments,
 * as /qr-request animates) — for an ERC-20 transfer and for a walk through 22 contracts
 * (22 accounts and 66 slots read, about 100 proofs); and the offline side: verifying every
 * proof against the header, and verifying plus re-running the call (goal for ~100 accounts and
 * slots: ≤ 50 ms). The case names carry the counts measured in setup.
 */
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as Ur from '../src/core/qr/Ur'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as SimWitness from '../src/core/sim/SimWitness'
import * as Simulation from '../src/core/sim/Simulation'
import { compile } from '../test/chain/sim/contracts'
import { FROM, startAnvil, type Node } from './anvilKit'
import { cpuPerCall, type BenchCase, type BenchSuite } from './harness'

const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as const
let url = ''
let chain: Node
const calls: Record<'transfer' | 'walk', Simulation.CallInput | undefined> = { transfer: undefined, walk: undefined }
const witnesses: Record<'transfer' | 'walk', Uint8Array | undefined> = { transfer: undefined, walk: undefined }

const send: Node['send'] = (tx) => chain.send(tx)

/** A transport that counts round trips. */
function counting(): { t: SimRpc.Transport; trips: () => number } {
  const inner = SimRpc.httpTransport(url)
  let n = 0
  return { trips: () => n, t: { url, send: (c, s) => (n++, inner.send(c, s)) } }
}

async function measure(which: 'transfer' | 'walk', c: BenchCase) {
  const input = calls[which]!
  const plain = counting()
  const s = await Simulation.openAt(SimRpc.create(plain.t), 'latest', { call: input })
  await Simulation.call(s, input)
  const withW = counting()
  const on = await SimWitness.simulate(withW.t, input)
  witnesses[which] = on.witness
  const w = SimWitness.decode(on.witness)
  const slots = w.accounts.reduce((n, a) => n + a.slots.length, 0)
  const frames = Ur.encode('bytes', Uint8Array.of(0x59, on.witness.length >> 8, on.witness.length & 0xff, ...on.witness), { maxFragmentLength: 200 }).fragments
  c.name += ` [${w.accounts.length} accounts, ${slots} slots; round trips plain ${plain.trips()}, with witness ${withW.trips()} (+${withW.trips() - plain.trips()}, goal ≤ 1); witness ${on.witness.length} bytes, ${frames} QR frames of 200 bytes]`
}

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    chain = await startAnvil()
    url = chain.url
    const art = compile()
    const token = (await send({ data: encodeDeployData({ abi: art.Token!.abi as Abi, bytecode: art.Token!.bytecode, args: [10n ** 24n] }) })).contractAddress as Hex
    calls.transfer = { from: FROM, to: token, data: encodeFunctionData({ abi: art.Token!.abi as Abi, functionName: 'transfer', args: [OTHER, 5n] }), gas: 200_000n }
    const node = art.Node!
    const nodes: Hex[] = []
    for (let i = 0; i < 22; i++) nodes.push((await send({ data: encodeDeployData({ abi: node.abi as Abi, bytecode: node.bytecode }) })).contractAddress)
    const call = (fn: string, args: unknown[]) => encodeFunctionData({ abi: node.abi as Abi, functionName: fn, args })
    for (let i = 0; i < 21; i++) await send({ to: nodes[i]!, data: call('setNext', [nodes[i + 1]]) })
    await send({ to: nodes[0]!, data: call('walk', [3n, 1n]) })
    calls.walk = { from: FROM, to: nodes[0]!, data: call('walk', [3n, 9n]), gas: 5_000_000n }
    await measure('transfer', cases[0]!)
    await measure('walk', cases[1]!)
    const w = SimWitness.decode(witnesses.walk!)
    const proofs = w.accounts.length + w.accounts.reduce((n, a) => n + a.slots.length, 0)
    for (let i = 0; i < 5; i++) await SimWitness.verify(witnesses.walk!) // warm-up: the first calls compile the code
    cases[2]!.name += ` [${proofs} proofs; CPU time a call: verify ${(await cpuPerCall(() => SimWitness.verify(witnesses.walk!), 15)).toFixed(1)} ms]`
  })()
  return ready
}

const plainSim = (which: 'transfer' | 'walk') => async () => {
  const s = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(url)), 'latest', { call: calls[which]! })
  await Simulation.call(s, calls[which]!)
}

const cases: BenchCase[] = [
  {
    name: 'ERC-20 transfer: simulate + pack the witness, vs the plain simulation',
    setup,
    ours: () => SimWitness.simulate(SimRpc.httpTransport(url), calls.transfer!),
    baselines: { 'plain simulation': plainSim('transfer') },
    rounds: 6,
    minMs: 600,
  },
  {
    name: '22-contract walk: simulate + pack the witness, vs the plain simulation',
    setup,
    ours: () => SimWitness.simulate(SimRpc.httpTransport(url), calls.walk!),
    baselines: { 'plain simulation': plainSim('walk') },
    rounds: 6,
    minMs: 600,
  },
  {
    name: '22-contract walk offline: verify every proof (≈100 accounts and slots, goal ≤ 50 ms), vs verify + re-run',
    setup,
    ours: () => SimWitness.verify(witnesses.walk!),
    baselines: { 'verify + re-run': () => SimWitness.replay(witnesses.walk!, calls.walk!) },
    rounds: 6,
    minMs: 600,
  },
]

const suite: BenchSuite = { name: 'Witness for the offline signer (#26)', cases }
export default suite
