/**
 * `npm run reset-king-password`: a new password for the king on the database the app uses
 * (the embedded one in DATA_DIR, or DATABASE_URL's), printed once; or KING_PASSWORD's, not
 * printed. Every session of the king ends, and the king's two-factor sign-in is turned off (the
 * way back in without the phone: docs/rules.md#two-factor-sign-in). The embedded database must
 * not be in use: stop the app first. On PostgreSQL the running instances may stay up (their
 * caches hear of the change).
 */
import { resetKingPassword } from '../server/db/seed';
import { generatePassword, readSettings } from '../server/env';
import { describeDatabase, prepareDatabase } from '../server/main';

async function run() {
  const settings = readSettings();
  const database = await prepareDatabase(settings);
  try {
    const king = await resetKingPassword(database.db, {
      password: settings.kingPassword,
      generate: generatePassword,
    });
    console.log(`\n  New password for the king on ${describeDatabase(settings)}.`);
    console.log(`    Username: ${king.username}`);
    console.log(
      king.generatedPassword
        ? `    Password: ${king.generatedPassword}\n  Shown only now: keep it.`
        : '    Password: the one in KING_PASSWORD',
    );
    console.log('  Every session of the king has ended; two-factor sign-in is off for the king.\n');
  } finally {
    await database.close();
  }
}

run().catch((err: Error) => {
  console.error(`\n  Could not reset the king's password: ${err.message}\n`);
  process.exit(1);
});
