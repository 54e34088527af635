import type { Example } from '../types'

const presale =
  '{"encseed":"26d87f5f2bf9835f9a47eefae571bc09f9107bb13d54ff12a4ec095d01f83897494cf34f7bed2ed34126ecba9db7b62de56c9d7cd136520a0427bfb11b8954ba7ac39b90d4650d3448e31185affcd74226a68f1e94b1108e6e0a4a91cdd83eba","ethaddr":"d4584b5f6229b7be90727b0fc8c6b91bb427821f","email":"gustav.simonsson@gmail.com","btcaddr":"1EVknXyFC68kKNLkh6YnKzW41svSRoaAcx"}'

const aaa =
  '{"address":"f466859ead1932d743d622cb74fc058882e8648a","crypto":{"cipher":"aes-128-ctr","ciphertext":"cb664472deacb41a2e995fa7f96fe29ce744471deb8d146a0e43c7898c9ddd4d","cipherparams":{"iv":"dfd9ee70812add5f4b8f89d0811c9158"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":8,"p":16,"r":8,"salt":"0d6769bf016d45c479213990d6a08d938469c4adad8a02ce507b4a4e7b7739f1"},"mac":"bac9af994b15a45dd39669fc66f9aa8a3b9dd8c22cb16e4d8d7ea089d0f1a1a9"},"id":"472e8b3d-afb6-45b5-8111-72c89895099a","version":3}'
const short31 =
  '{"crypto":{"cipher":"aes-128-ctr","cipherparams":{"iv":"e0c41130a323adc1446fc82f724bca2f"},"ciphertext":"9517cd5bdbe69076f9bf5057248c6c050141e970efa36ce53692d5d59a3984","kdf":"scrypt","kdfparams":{"dklen":32,"n":2,"r":8,"p":1,"salt":"711f816911c92d649fb4c84b047915679933555030b3552c1212609b38208c63"},"mac":"d5e116151c6aa71470e67a7d42c9620c75c4d23229847dcc127794f0732b0db5"},"id":"fecfc4ce-e956-48fd-953b-30f8b52ed66c","version":3}'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // go-ethereum accounts/keystore/testdata: password "foobar" (README), address as listed there.
  { title: 'geth test keystore (scrypt)', inputs: { keystore: aaa, password: 'foobar' },
    expect: { Address: '0xf466859eAD1932D743d622CB74FC058882E8648A', 'Private key': '0x539f9b4106fb452408e1ee43d177077f057a8fdc1e1fad92c61e68982b4e3c4b' } },
  // geth's v3_test_vector.json "31_byte_key": geth wrote a 31-byte key; it is left-padded.
  { title: 'A 31-byte key geth wrote', inputs: { keystore: short31, password: 'foo' },
    expect: { 'Private key': '0x00fa7b3db73dc7dfdf8c5fbdb796d741e4488628c41fc4febd9160a866ba0f35' } },
  // go-ethereum TestImportPreSaleKey: password "foo", address 0xd4584b5f….
  { title: 'Pre-sale wallet (2014)', inputs: { keystore: presale, password: 'foo' },
    expect: { Address: '0xd4584b5F6229b7BE90727b0FC8C6b91BB427821f' } },
]
