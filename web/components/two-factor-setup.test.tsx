import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@domain/two-factor';
import { renderWithProviders } from '../test/render';
import { RecoveryCodesPanel, TwoFactorSetupPanel } from './two-factor-setup';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Video%20Workflow:anna?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
};

describe('TwoFactorSetupPanel', () => {
  it('shows the QR code and the key to type; asks for a code before confirming', async () => {
    const confirmed: string[] = [];
    renderWithProviders(
      <TwoFactorSetupPanel
        setup={SETUP}
        pending={false}
        error={null}
        onConfirm={(code) => confirmed.push(code)}
      />,
    );
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    // The key in groups of four, as people read and type it.
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP').tagName).toBe('CODE');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeTruthy();
    expect(confirmed).toEqual([]);

    // By keyboard: type the code and press Enter.
    await user.type(screen.getByLabelText('Code from the app'), '123 456{Enter}');
    expect(confirmed).toEqual(['123 456']);
  });

  it("shows the server's refusal under the code", () => {
    renderWithProviders(
      <TwoFactorSetupPanel
        setup={SETUP}
        pending={false}
        error={TWO_FACTOR_MESSAGES.codeWrong}
        onConfirm={() => undefined}
      />,
    );
    const field = screen.getByLabelText('Code from the app');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeTruthy();
  });
});

describe('RecoveryCodesPanel', () => {
  it('lists every code once, offers copy and download, and goes on when told', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    let done = 0;
    renderWithProviders(
      <RecoveryCodesPanel codes={codes} username="anna" onDone={() => (done += 1)} />,
    );
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(done).toBe(1);
  });
});
