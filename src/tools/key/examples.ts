import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's first test account, as anvil prints it; public key as `cast wallet public-key` prints it.
  { title: 'anvil test account 0', inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    expect: {
      Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'Public key (uncompressed)': '0x048318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5',
      'Public key (compressed)': '0x038318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed75',
    } },
  { title: 'anvil test account 1 (no 0x)', inputs: { privateKey: '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
    expect: { Address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  // The Web3 Secret Storage page's test key and its listed address.
  { title: 'Web3 Secret Storage test key', inputs: { privateKey: '7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d' },
    expect: { Address: '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b' } },
]
