import type { MailMessage } from '../mail/mail-transport';
import type { ContactSubmission } from './contact-submission.entity';

/** The notification the team gets for every inquiry. Plain text: the content is the sender's. */
export function inquiryNotification(submission: ContactSubmission, to: string): MailMessage {
  const kind = submission.submissionType === 'partner' ? 'Partner inquiry' : 'Contact inquiry';
  return {
    to,
    replyTo: submission.email,
    subject: `[Giftcast] ${kind} from ${submission.name.replace(/[\r\n]+/g, ' ')}`,
    text: [
      `${kind} received ${submission.createdAt.toISOString()}`,
      '',
      `Name:  ${submission.name}`,
      `Email: ${submission.email}`,
      `Phone: ${submission.phone ?? '-'}`,
      `Id:    ${submission.id}`,
      '',
      submission.message,
    ].join('\n'),
  };
}
