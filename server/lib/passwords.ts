import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), as DESIGN.md section 3 asks.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps login time the same for
// unknown usernames, so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password');
  return dummyHash.then((h) => verifyPassword(h, password));
}
