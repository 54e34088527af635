import { defineMeta } from '../define'

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
})
