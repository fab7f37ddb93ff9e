import type { MessageId } from './messageIds';

// Makes `<FormattedMessage id>` and `intl.formatMessage({ id })` accept only catalogue ids, so a
// typo or a deleted message fails the type check instead of showing a raw id to a buyer.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
