import type { Example } from '../types'

const aaa =
  '{"address":"f466859ead1932d743d622cb74fc058882e8648a","crypto":{"cipher":"aes-128-ctr","ciphertext":"cb664472deacb41a2e995fa7f96fe29ce744471deb8d146a0e43c7898c9ddd4d","cipherparams":{"iv":"dfd9ee70812add5f4b8f89d0811c9158"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":8,"p":16,"r":8,"salt":"0d6769bf016d45c479213990d6a08d938469c4adad8a02ce507b4a4e7b7739f1"},"mac":"bac9af994b15a45dd39669fc66f9aa8a3b9dd8c22cb16e4d8d7ea089d0f1a1a9"},"id":"472e8b3d-afb6-45b5-8111-72c89895099a","version":3}'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's first test account; its address as anvil prints it.
  { title: 'anvil account 0, light scrypt', inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', password: 'correct horse', kdf: 'light' },
    expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Key derivation': 'scrypt N=2^12 r=8 p=6 (4 MiB)' } },
  { title: 'PBKDF2 with 10,000 iterations', inputs: { privateKey: '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d', password: 'pw', kdf: 'custom-pbkdf2', c: '10000' },
    expect: { Address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  // go-ethereum testdata key "aaa" (password "foobar"): same address, new password.
  { title: 'Change the password of a geth keystore', inputs: { source: 'keystore', keystore: aaa, oldPassword: 'foobar', password: 'new password' },
    expect: { Address: '0xf466859eAD1932D743d622CB74FC058882E8648A', 'Key derivation': 'scrypt N=2^3 r=8 p=16 (8 KiB)' } },
]
