import { defineMeta } from '../define'

// The Safe of pcaversaccio/safe-tx-hashes-util's README (1.3.0 on Arbitrum); expected hashes
// from ethers v5 `_TypedDataEncoder` over SafeMessage(bytes message) with message =
// hashMessage("Hello, Safe"), and the signature from ethers v5 `signDigest` with anvil's key #0.
const SAFE = '0x111CEEee040739fD91D29C34C33E6B3E112F2177'

export default defineMeta({
  id: 'safe-message',
  title: 'Safe message hash',
  summary: 'The EIP-1271 SafeMessage hash Safe owners sign for an off-chain message, checked with the Safe\'s isValidSignature.',
  capability: 'signing',
  keywords: ['safe message', 'SafeMessage', 'eip-1271', 'isValidSignature', 'getMessageHash'],
  runs: 'network',
  action: 'Hash the Safe message',
  fields: [
    { name: 'readChain', label: 'Read and check on the connected chain', kind: 'checkbox', default: 'true' },
    { name: 'safe', label: 'Safe address', kind: 'text' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', placeholder: 'the connected node\'s' },
    { name: 'version', label: 'Safe version', kind: 'select', default: 'auto', options: [
      { value: 'auto', label: 'Read from the chain (VERSION())' },
      ...['1.0.0', '1.1.0', '1.1.1', '1.2.0', '1.3.0', '1.4.0', '1.4.1', '1.5.0'].map((v) => ({ value: v, label: v })),
    ] },
    { name: 'kind', label: 'The message is', kind: 'select', default: 'text', options: [
      { value: 'text', label: 'Text (EIP-191)' },
      { value: 'typed', label: 'EIP-712 JSON' },
      { value: 'bytes', label: 'Hex bytes' },
    ] },
    { name: 'message', label: 'Message', kind: 'textarea' },
    { name: 'signForm', label: 'Sign the safeMessageHash', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'Do not sign' },
      { value: 'eip712', label: 'EIP-712 (v 27/28)' },
      { value: 'eth_sign', label: 'eth_sign (v 31/32)' },
    ] },
    { name: 'privateKey', label: 'Owner private key', kind: 'text', secret: true, showWhen: { field: 'signForm', not: ['none'] } },
    { name: 'signatures', label: 'Owner signatures to combine (optional)', kind: 'textarea', placeholder: '0x… one per line' },
  ],
  examples: [
    { title: 'A text message to a Safe 1.3.0, signed', inputs: { readChain: 'false', safe: SAFE, chainId: '42161', version: '1.3.0', message: 'Hello, Safe', signForm: 'eip712', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, expect: {
      'Message bytes': '0xbbf5d7d663d1656cab221bf20ca4c26bb0f40b8d1579f3b9048553a466cd8472',
      'Domain hash': '0x1cf7f9b1efe3bc47fe02fd27c649fea19e79d66040683a1c86c7490c80bf7291',
      safeMessageHash: '0x1f89a59a27fb9db4b3a419ccc77b921f78dcb3acecec631ccedcde49fa152bd9',
      'Your signature': '0x3cb183cacb11ac14e34e08845a5dc6045bccc191b061cddad4c14bc6c01bb82a2d50d787561ea04037d02bea4f80f24b55f9418e733cca7d47b7c81ede67074b1c',
    } },
  ],
})
