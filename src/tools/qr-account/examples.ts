import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Anvil's mnemonic ("test test … junk") at m/44'/60'/0': xpub, public key, chain code and the
  // fingerprints from ethers v5 HDNode; the first address is anvil's account #0.
  { title: "Anvil's account xpub (m/44'/60'/0')", inputs: { xpub: 'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP', path: "m/44'/60'/0'", sourceFingerprint: '16a93ed0' }, expect: {
    'Key data': '0x0206b81bac860f5a7442a85664d339809955b3ac9a5782200095127ac78aab71f5',
    'Chain code': '0x2258179af5cec58ce793fba06d3ef8ac640d481802e0ae39c9cc3fc5a8ce1812',
    'Parent fingerprint': '86968b77',
    'First address (0/0)': '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
]
