import type { Example } from '../types'

// Expected values are the published EntryPoint contracts' own getUserOpHash (v0.6.0, v0.7.0 and
// v0.8.0 of @account-abstraction/contracts, deployed on anvil --chain-id 1 with their code at the
// canonical addresses) and cast's signatures of those hashes with anvil's public test key #0
// (`cast wallet sign` for EIP-191, `cast wallet sign --no-hash` for the hash itself).
// SimpleAccount execute(0x…dEaD, 0.01 ether, 0x).
export const EXEC = '0xb61d27f6000000000000000000000000000000000000000000000000000000000000dead000000000000000000000000000000000000000000000000002386f26fc1000000000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000000'
export const GAS = { callGasLimit: '0x186a0', verificationGasLimit: '0x7a120', preVerificationGas: '0xc350', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' }
export const json = (o: object) => JSON.stringify(o, null, 1)
export const OFFLINE = { readChain: 'false', chainId: '1', source: 'json' }

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const EXAMPLES: Example[] = [
  {
    title: 'v0.7 with a paymaster (chain 1, offline)',
    inputs: {
      ...OFFLINE,
      version: '0.7',
      json: json({ sender: '0xb1b3c1e0aa1ff4ab1ec0d61e1e8a5f4ab87a1c5e', nonce: '0x5', callData: EXEC, ...GAS, paymaster: '0x0000000000325602a77416A16136FDafd04b299f', paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0xc350', paymasterData: '0x1234', signature: '0x' }),
    },
    expect: {
      userOpHash: '0xb67189b76db0571baddd3339e470c0825fdeac406bce73f3b671a71f7be6e002',
      accountGasLimits: '0x0000000000000000000000000007a120000000000000000000000000000186a0',
    },
  },
  {
    title: 'v0.8, an EIP-7702 account delegating to Simple7702Account (chain 1, offline)',
    inputs: {
      ...OFFLINE,
      version: '0.8',
      json: json({ sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', nonce: '0x0', factory: '0x7702', callData: EXEC, ...GAS, signature: '0x' }),
      delegate: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
    },
    expect: {
      userOpHash: '0x328251a69bd22e0ad5a3676c8c09e31f373167878b16a716b526711b58f609e8',
    },
  },
]

export const examples: readonly Example[] = EXAMPLES
