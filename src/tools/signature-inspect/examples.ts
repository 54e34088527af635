import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // ERC-2098 test case 1, recovered from its message; signer from cast wallet address of key 0x1234…1234.
  { title: 'ERC-2098 signature of "Hello World", signer recovered', inputs: { signature: '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b907e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea520641b', message: 'Hello World' }, expect: {
    Address: '0x2e988A386a799F506693793c6A5AF6B54dfAaBfB',
    'Digest used': '0xa1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2',
  } },
  // ERC-2098 test case 2, compact form; expected r/s/v from the ERC, signer from cast wallet address of key 0x1234…1234.
  { title: 'ERC-2098 compact signature, with its digest', inputs: { signature: '0x9328da16089fcba9bececa81663203989f2df5fe1faa6291a45381c81bd17f76939c6d6b623b42da56557e5e734a43dc83345ddfadec52cbe24d0cc64f550793', digest: '0x' }, expect: {
    r: '0x9328da16089fcba9bececa81663203989f2df5fe1faa6291a45381c81bd17f76',
    s: '0x139c6d6b623b42da56557e5e734a43dc83345ddfadec52cbe24d0cc64f550793',
    'v (legacy)': '28',
    '65 bytes (r‖s‖v)': '0x9328da16089fcba9bececa81663203989f2df5fe1faa6291a45381c81bd17f76139c6d6b623b42da56557e5e734a43dc83345ddfadec52cbe24d0cc64f5507931c',
  } },
  // The high-s twin of ERC-2098 test case 1 (s' = n - s, v flipped); its canonical form is the ERC's signature.
  { title: 'A high-s (malleable) signature and its canonical twin', inputs: { r: '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b90', s: '0x8179a52fa3bfca54a86d8782b5fd685a84972e5d3617f93d725032fd219120dd', v: '28', digest: '0xa1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2' }, expect: {
    'Canonical twin': '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b907e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea520641b',
    Address: '0x2e988A386a799F506693793c6A5AF6B54dfAaBfB',
  } },
  // EIP-155's example: v = 37 encodes chain id 1.
  { title: "EIP-155's example v = 37", inputs: { r: '18515461264373351373200002665853028612451056578545711640558177340181847433846', s: '46948507304638947509940763649030358759909902576025900602547168820602576006531', v: '37' }, expect: {
    'Chain id (EIP-155)': '1',
    yParity: '0',
    r: '0x28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276',
  } },
]
