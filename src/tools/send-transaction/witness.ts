/** A witness of the reviewed transaction for the offline signer (issue #26; src/tools/kit/signWitness). */
export { packCall, type Packed } from '../kit/signWitness'
