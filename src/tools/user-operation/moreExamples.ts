import type { Example } from '../types'
import { EXAMPLES, EXEC, GAS, json, OFFLINE } from './examples'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** More worked cases, from the same sources, run by tool.test.ts only (every meta loads on the first screen of every route). */
export const MORE: Example[] = [
  {
    title: 'The same op pasted packed (PackedUserOperation): the same hash',
    inputs: {
      ...OFFLINE,
      version: '0.7',
      json: json({ sender: '0xb1b3c1e0aa1ff4ab1ec0d61e1e8a5f4ab87a1c5e', nonce: '0x5', initCode: '0x', callData: EXEC, accountGasLimits: '0x0000000000000000000000000007a120000000000000000000000000000186a0', preVerificationGas: '0xc350', gasFees: '0x0000000000000000000000003b9aca0000000000000000000000000077359400', paymasterAndData: '0x0000000000325602a77416a16136fdafd04b299f000000000000000000000000000186a00000000000000000000000000000c3501234', signature: '0x' }),
    },
    expect: {
      userOpHash: '0xb67189b76db0571baddd3339e470c0825fdeac406bce73f3b671a71f7be6e002',
      callGasLimit: '100000',
      paymasterPostOpGasLimit: '50000',
    },
  },
  {
    title: 'v0.6, deploying a SimpleAccount through its factory (chain 1, offline)',
    inputs: {
      ...OFFLINE,
      version: '0.6',
      json: json({ sender: '0x3e1b8a7b0a46eb8b4bd0e5bcb3e32ef2a1c9b4a7', nonce: '0x0', initCode: '0x9406Cc6185a346906296840746125a0E449764545fbfb9cf000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb922660000000000000000000000000000000000000000000000000000000000000000', callData: EXEC, ...GAS, paymasterAndData: '0x', signature: '0x' }),
      sign: 'account',
      privateKey: KEY,
    },
    expect: {
      userOpHash: '0xd62c8f38cbe7c529d797db3f21ba0ef979ff16e282cdcd6b7e306241e4b31ee6',
      Signature: '0x1d6046ba774a4128a486e79d1c05ac60ee15583bc5587c765ce859f4543a7c24727346cdb1aad12318bb8472b98674aaf11ddb20cae0ef39235d794a4f3f9cd51c',
    },
  },
  {
    title: 'v0.7 with a paymaster, signed as SimpleAccount checks it (EIP-191)',
    inputs: { ...EXAMPLES[0]!.inputs, sign: 'account', privateKey: KEY },
    expect: { ...EXAMPLES[0]!.expect, Signature: '0xa6f5c2aa38a836ed8b8837080155a764caf2bf3684010669bbeccac643d659040f8694cebebcaefcbf891aed20fcc6cac9da9cc6cbddec116d90ddcdc17f0c1a1b' },
  },
  {
    title: 'v0.8 EIP-7702, signed as Simple7702Account checks it (the hash itself)',
    inputs: { ...EXAMPLES[1]!.inputs, sign: 'account', privateKey: KEY },
    expect: { ...EXAMPLES[1]!.expect, Signature: '0xfce916ebcc834cc3dc3af1630cf1ea52e898ba7a0b5dc108157eed6e3f62a2a13788f6863815602687926d424e24e8d7826dd3f04dfa555b78d6aef46bb8d52d1c' },
  },
]
