import type { Example } from '../types'

// The Safe of pcaversaccio/safe-tx-hashes-util's README (1.3.0 on Arbitrum); expected hashes
// from ethers v5 `_TypedDataEncoder` over SafeMessage(bytes message) with message =
// hashMessage("Hello, Safe"), and the signature from ethers v5 `signDigest` with anvil's key #0.
const SAFE = '0x111CEEee040739fD91D29C34C33E6B3E112F2177'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'A text message to a Safe 1.3.0, signed', inputs: { readChain: 'false', safe: SAFE, chainId: '42161', version: '1.3.0', message: 'Hello, Safe', signForm: 'eip712', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, expect: {
    'Message bytes': '0xbbf5d7d663d1656cab221bf20ca4c26bb0f40b8d1579f3b9048553a466cd8472',
    'Domain hash': '0x1cf7f9b1efe3bc47fe02fd27c649fea19e79d66040683a1c86c7490c80bf7291',
    safeMessageHash: '0x1f89a59a27fb9db4b3a419ccc77b921f78dcb3acecec631ccedcde49fa152bd9',
    'Your signature': '0x3cb183cacb11ac14e34e08845a5dc6045bccc191b061cddad4c14bc6c01bb82a2d50d787561ea04037d02bea4f80f24b55f9418e733cca7d47b7c81ede67074b1c',
  } },
]
