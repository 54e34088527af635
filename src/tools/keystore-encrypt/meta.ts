import { defineMeta } from '../define'

const aaa =
  '{"address":"f466859ead1932d743d622cb74fc058882e8648a","crypto":{"cipher":"aes-128-ctr","ciphertext":"cb664472deacb41a2e995fa7f96fe29ce744471deb8d146a0e43c7898c9ddd4d","cipherparams":{"iv":"dfd9ee70812add5f4b8f89d0811c9158"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":8,"p":16,"r":8,"salt":"0d6769bf016d45c479213990d6a08d938469c4adad8a02ce507b4a4e7b7739f1"},"mac":"bac9af994b15a45dd39669fc66f9aa8a3b9dd8c22cb16e4d8d7ea089d0f1a1a9"},"id":"472e8b3d-afb6-45b5-8111-72c89895099a","version":3}'

export default defineMeta({
  id: 'keystore-encrypt',
  title: 'Encrypt a keystore',
  summary: 'Encrypt a private key into a JSON keystore (scrypt or PBKDF2, your parameters) with the usual UTC--… file name, or change a keystore’s password.',
  capability: 'wallets',
  keywords: ['keystore', 'json wallet', 'encrypt', 'export', 'backup', 'utc', 'web3 secret storage', 'scrypt', 'pbkdf2', 'change password', 'password', 'geth', 'download'],
  runs: 'worker',
  fields: [
    { name: 'source', label: 'Encrypt', kind: 'select', default: 'key', options: [
      { value: 'key', label: 'a private key' },
      { value: 'keystore', label: 'a keystore again (change its password)' },
    ] },
    { name: 'privateKey', label: 'Private key', kind: 'text', secret: true, placeholder: '0x…', showWhen: { field: 'source', not: ['keystore'] } },
    { name: 'keystore', label: 'Keystore JSON', kind: 'textarea', secret: true, help: 'Paste the keystore, or choose the file below.', showWhen: { field: 'source', is: ['keystore'] } },
    { name: 'keystoreFile', label: 'Keystore file', kind: 'file', secret: true, showWhen: { field: 'source', is: ['keystore'] } },
    { name: 'oldPassword', label: 'Current password', kind: 'text', secret: true, showWhen: { field: 'source', is: ['keystore'] } },
    { name: 'password', label: 'New password', kind: 'text', secret: true },
    { name: 'kdf', label: 'Key derivation', kind: 'select', default: 'auto', options: [
      { value: 'auto', label: 'standard (scrypt N=2^18, r=8, p=1); unchanged when changing a password' },
      { value: 'standard', label: 'scrypt N=2^18, r=8, p=1 (geth standard, 256 MiB)' },
      { value: 'ethers', label: 'scrypt N=2^17, r=8, p=1 (ethers, 128 MiB)' },
      { value: 'light', label: 'scrypt N=2^12, r=8, p=6 (geth light, 4 MiB)' },
      { value: 'pbkdf2', label: 'PBKDF2-HMAC-SHA256, c=262144' },
      { value: 'custom-scrypt', label: 'scrypt with the N, r, p below' },
      { value: 'custom-pbkdf2', label: 'PBKDF2 with the c below' },
    ] },
    { name: 'n', label: 'scrypt N', kind: 'text', default: '262144', inputMode: 'numeric', help: 'A power of two from 2 to 2^20 (memory 128·r·N bytes, at most 1 GiB).', showWhen: { field: 'kdf', is: ['custom-scrypt'] } },
    { name: 'r', label: 'scrypt r', kind: 'text', default: '8', inputMode: 'numeric', showWhen: { field: 'kdf', is: ['custom-scrypt'] } },
    { name: 'p', label: 'scrypt p', kind: 'text', default: '1', inputMode: 'numeric', showWhen: { field: 'kdf', is: ['custom-scrypt'] } },
    { name: 'c', label: 'PBKDF2 c', kind: 'text', default: '262144', inputMode: 'numeric', help: 'Iterations, 1 to 2^23.', showWhen: { field: 'kdf', is: ['custom-pbkdf2'] } },
  ],
  examples: [
    // anvil's first test account; its address as anvil prints it.
    { title: 'anvil account 0, light scrypt', inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', password: 'correct horse', kdf: 'light' },
      expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Key derivation': 'scrypt N=2^12 r=8 p=6 (4 MiB)' } },
    { title: 'PBKDF2 with 10,000 iterations', inputs: { privateKey: '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d', password: 'pw', kdf: 'custom-pbkdf2', c: '10000' },
      expect: { Address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
    // go-ethereum testdata key "aaa" (password "foobar"): same address, new password.
    { title: 'Change the password of a geth keystore', inputs: { source: 'keystore', keystore: aaa, oldPassword: 'foobar', password: 'new password' },
      expect: { Address: '0xf466859eAD1932D743d622CB74FC058882E8648A', 'Key derivation': 'scrypt N=2^3 r=8 p=16 (8 KiB)' } },
  ],
})
