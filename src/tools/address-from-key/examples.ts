import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'Uncompressed public key (anvil account 0)',
    inputs: { publicKey: '0x048318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5' },
    expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Public key (compressed)': '0x038318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed75' },
  },
  { title: 'Compressed public key', inputs: { publicKey: '0x038318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed75' }, expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } },
  {
    title: 'Private key of anvil test account 0 (public test key, never fund it)',
    inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
    expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  },
]
