import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';

type Props = {
  open: boolean;
  /** The venue's presale artwork (venue setting `presaleBackgroundImage`). */
  backgroundImage: string;
  showPath: string;
  /** "Subscribe now": the venue's memberships, returning to this performance once joined. */
  subscribePath: string;
  /**
   * A guest: members may book this presale once signed in, so they are asked to sign in (and
   * come back here) rather than told their account does not qualify.
   */
  signInPath: string | null;
  /** "Go to Calendar": back to the calendar the buyer is on. */
  onClose: () => void;
};

/**
 * Spec §8's presale gate: the buyer chose a presale they may not buy, and is offered a
 * subscription, the calendar or the show's information; a guest is first asked to sign in.
 * "Go to Calendar" is the one button, so the dialog opens with focus on the way back.
 */
export function PresaleAlert({
  open,
  backgroundImage,
  showPath,
  subscribePath,
  signInPath,
  onClose,
}: Props) {
  const intl = useIntl();
  const guest = signInPath !== null;
  return (
    <Dialog
      open={open}
      role="alertdialog"
      onDismiss={onClose}
      title={intl.formatMessage({ id: guest ? 'presale.signIn.title' : 'presale.notQualified' })}
      actions={
        <>
          {guest ? (
            <Link to={signInPath}>{intl.formatMessage({ id: 'presale.action.signIn' })}</Link>
          ) : (
            <Link to={subscribePath}>{intl.formatMessage({ id: 'presale.action.subscribe' })}</Link>
          )}
          <SecondaryButton type="button" onClick={onClose}>
            {intl.formatMessage({ id: 'presale.action.calendar' })}
          </SecondaryButton>
          <Link to={showPath}>{intl.formatMessage({ id: 'presale.action.showInfo' })}</Link>
        </>
      }
    >
      <Artwork $src={backgroundImage} aria-hidden="true" />
      <p>{intl.formatMessage({ id: guest ? 'presale.signIn.body' : 'presale.alert.body' })}</p>
    </Dialog>
  );
}

const Artwork = styled.div<{ $src: string }>`
  height: 5rem;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface} url(${({ $src }) => $src}) center / cover
    no-repeat;
`;
