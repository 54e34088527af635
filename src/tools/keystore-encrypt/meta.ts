import { defineMeta } from '../define'
import { file, numeric, password, privateKey, select, textarea, unless, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'keystore-encrypt',
  title: 'Encrypt a keystore',
  summary: 'Encrypt a private key into a JSON keystore (scrypt or PBKDF2, your parameters) with the usual UTC--… file name, or change a keystore’s password.',
  capability: 'wallets',
  keywords: ['keystore', 'json wallet', 'encrypt', 'export', 'backup', 'utc', 'web3 secret storage', 'scrypt', 'pbkdf2', 'change password', 'password', 'geth', 'download'],
  runs: 'worker',
  fields: [
    select('source', 'Encrypt', [['key', 'a private key'], ['keystore', 'a keystore again (change its password)']]),
    privateKey('Private key', { placeholder: '0x…', showWhen: unless('source', 'keystore') }),
    textarea('keystore', 'Keystore JSON', { secret: true, help: 'Paste the keystore, or choose the file below.', showWhen: when('source', 'keystore') }),
    file('keystoreFile', 'Keystore file', { secret: true, showWhen: when('source', 'keystore') }),
    password('oldPassword', 'Current password', { showWhen: when('source', 'keystore') }),
    password('password', 'New password'),
    select('kdf', 'Key derivation', [
      ['auto', 'standard (scrypt N=2^18, r=8, p=1); unchanged when changing a password'],
      ['standard', 'scrypt N=2^18, r=8, p=1 (geth standard, 256 MiB)'], ['ethers', 'scrypt N=2^17, r=8, p=1 (ethers, 128 MiB)'],
      ['light', 'scrypt N=2^12, r=8, p=6 (geth light, 4 MiB)'], ['pbkdf2', 'PBKDF2-HMAC-SHA256, c=262144'],
      ['custom-scrypt', 'scrypt with the N, r, p below'], ['custom-pbkdf2', 'PBKDF2 with the c below'],
    ]),
    numeric('n', 'scrypt N', '262144', { help: 'A power of two from 2 to 2^20 (memory 128·r·N bytes, at most 1 GiB).', showWhen: when('kdf', 'custom-scrypt') }),
    numeric('r', 'scrypt r', '8', { showWhen: when('kdf', 'custom-scrypt') }),
    numeric('p', 'scrypt p', '1', { showWhen: when('kdf', 'custom-scrypt') }),
    numeric('c', 'PBKDF2 c', '262144', { help: 'Iterations, 1 to 2^23.', showWhen: when('kdf', 'custom-pbkdf2') }),
  ],
})
