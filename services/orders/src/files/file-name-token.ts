import { createHash } from 'node:crypto';

/**
 * The part of a file's name that nobody can guess: a download is asked for by name, so a name built from something
 * sequential or public (a tracking number is printed on the parcel) would let anyone try names. 128 bits derived
 * from the order's or batch's own random (v4) id, which is already the other way to ask for the file: the name is
 * exactly as secret as that id, and the same on every attempt, so a resumed order or a rebuilt batch finds its
 * earlier file under the same name instead of writing a second one.
 */
export const fileNameToken = (randomId: string): string =>
  createHash('sha256').update('labeldesk:file-name\0').update(randomId).digest().subarray(0, 16).toString('base64url');
