/** The witness for the offline signer, packed beside the request (issue #26; src/tools/kit/signWitness). */
export { pack, type Checked } from '../kit/signWitness'
