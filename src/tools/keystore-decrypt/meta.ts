import { defineMeta } from '../define'
import { file, password, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'keystore-decrypt',
  title: 'Decrypt a keystore',
  summary: 'Unlock a JSON keystore (geth, cast, MyEtherWallet, MyCrypto, ethers; scrypt or PBKDF2) or a pre-sale wallet with its password.',
  capability: 'wallets',
  keywords: ['keystore', 'json wallet', 'utc', 'web3 secret storage', 'v3', 'decrypt', 'unlock', 'password', 'scrypt', 'pbkdf2', 'geth', 'mew', 'myetherwallet', 'mycrypto', 'ethers', 'presale', 'crowdsale', 'x-ethers', 'mnemonic'],
  runs: 'worker',
  fields: [
    textarea('keystore', 'Keystore JSON', { secret: true, placeholder: '{"address":"…","crypto":{…},"version":3}', help: 'Paste the file’s contents, or choose the file below.' }),
    file('keystoreFile', 'Keystore file', { secret: true, help: 'The UTC--… file from a keystore folder, or any wallet JSON.' }),
    password('password', 'Password'),
  ],
})
