/** The witness for the offline signer, packed beside the request, as a file or animated QR parts (issue #26; src/tools/kit/signWitness). */
export { callOfRequest, pack, qrParts, sameCall, type Checked, type Packed } from '../kit/signWitness'
