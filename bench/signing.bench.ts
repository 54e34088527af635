/**
 * Signing and recovery throughput: ours (src/core, ox + @noble/curves) against ethers v5
 * (ethers.Wallet / utils.recoverAddress, elliptic) and ethers v6 (@noble/curves).
 * Issue 5's target: ≤ 0.75x ethers v5's time.
 */
import { ethers } from 'ethers'
import { ethers as ethers6 } from 'ethers6'
import type { Hex } from 'ox'
import * as SignatureInspect from '../src/core/sign/SignatureInspect'
import * as Signing from '../src/core/sign/Signing'
import * as TxBuild from '../src/core/tx/TxBuild'
import * as TxDecode from '../src/core/tx/TxDecode'
import type { BenchSuite } from './harness'

const N = 100
// Fixed inputs, the same for every implementation.
const keys = Array.from({ length: N }, (_, i) => `0x${(BigInt(i + 1) * 0x9e3779b97f4a7c15f39cc0605cedc834n).toString(16).padStart(64, '0').slice(-64)}` as Hex.Hex)
const digests = Array.from({ length: N }, (_, i) => ethers.utils.keccak256(ethers.utils.toUtf8Bytes(`digest ${i}`)) as Hex.Hex)
const messages = Array.from({ length: N }, (_, i) => `Hello from Ether Workbench #${i}`)
const signingKeys5 = keys.map((k) => new ethers.utils.SigningKey(k))
const wallets6 = keys.map((k) => new ethers6.Wallet(k))
const signed = digests.map((d, i) => Signing.signDigest(keys[i]!, d).signature)
const signedMessages = messages.map((m, i) => Signing.signMessage(keys[i]!, Signing.messageBytes(m, 'text')).signature)

const txInput = (i: number): TxBuild.Input => ({
  type: 'eip1559',
  chainId: 1n,
  nonce: BigInt(i),
  gas: 21000n,
  maxFeePerGas: 30_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
  to: '0x3535353535353535353535353535353535353535',
  value: 10n ** 18n,
  data: '0x',
})
const rawTxs = Array.from({ length: N }, (_, i) => TxBuild.sign(txInput(i), keys[i]!).raw)

// Ours runs on ox's WebAssembly secp256k1 engine, as the app does (Signing.useWasmEngine).
await Signing.useWasmEngine()

export default {
  name: 'Signing and recovery',
  cases: [
    {
      name: `sign ${N} raw digests`,
      ours: () => {
        for (let i = 0; i < N; i++) Signing.signDigest(keys[i]!, digests[i]!)
      },
      baselines: {
        'ethers v5': () => {
          for (let i = 0; i < N; i++) ethers.utils.joinSignature(signingKeys5[i]!.signDigest(digests[i]!))
        },
        'ethers v6': () => {
          for (let i = 0; i < N; i++) void wallets6[i]!.signingKey.sign(digests[i]!).serialized
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.75 },
    },
    {
      // The signature-inspect tool: the signature parsed from hex (its parse step), then recovered.
      name: `recover ${N} signers from digests (signature given as hex)`,
      ours: () => {
        for (let i = 0; i < N; i++) SignatureInspect.recover(SignatureInspect.parse(signed[i]!), digests[i]!)
      },
      baselines: {
        'ethers v5': () => {
          for (let i = 0; i < N; i++) ethers.utils.recoverAddress(digests[i]!, signed[i]!)
        },
        'ethers v6': () => {
          for (let i = 0; i < N; i++) ethers6.recoverAddress(digests[i]!, signed[i]!)
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.75 },
    },
    {
      name: `verify ${N} personal messages (hash + recover + compare)`,
      ours: () => {
        for (let i = 0; i < N; i++) Signing.verify({ message: messages[i]!, signature: signedMessages[i]!, mode: 'eip191', encoding: 'text' })
      },
      baselines: {
        'ethers v5': () => {
          for (let i = 0; i < N; i++) ethers.utils.verifyMessage(messages[i]!, signedMessages[i]!)
        },
        'ethers v6': () => {
          for (let i = 0; i < N; i++) ethers6.verifyMessage(messages[i]!, signedMessages[i]!)
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.75 },
    },
    {
      // TxBuild.sign also derives the sender's address from the key (a point multiplication),
      // so ethers builds its Wallet from the key (which derives the address) inside the timing.
      name: `sign ${N} EIP-1559 transactions (key as hex, sender address derived)`,
      ours: () => {
        for (let i = 0; i < N; i++) TxBuild.sign(txInput(i), keys[i]!)
      },
      baselines: {
        'ethers v5': async () => {
          for (let i = 0; i < N; i++)
            await new ethers.Wallet(keys[i]!).signTransaction({ type: 2, chainId: 1, nonce: i, gasLimit: 21000, maxFeePerGas: 30_000_000_000, maxPriorityFeePerGas: 1_000_000_000, to: '0x3535353535353535353535353535353535353535', value: 10n ** 18n as never, data: '0x' })
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.75 },
    },
    {
      name: `decode ${N} signed transactions (with sender recovery)`,
      ours: () => {
        for (const raw of rawTxs) TxDecode.decode(raw)
      },
      baselines: {
        'ethers v5': () => {
          for (const raw of rawTxs) ethers.utils.parseTransaction(raw)
        },
        'ethers v6': () => {
          for (const raw of rawTxs) void ethers6.Transaction.from(raw).from
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.75 },
    },
  ],
} satisfies BenchSuite
