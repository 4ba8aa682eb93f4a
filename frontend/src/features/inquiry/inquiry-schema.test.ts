import { INQUIRY_LIMITS } from '@giftcast/contract/limits';
import { i18n } from '../../lib/i18n';
import { formValuesToInput } from './inquiry-fields';
import { createInquirySchema } from './inquiry-schema';

const valid = { name: '홍길', email: 'giver@example.com', phone: '', message: '꽃다발 고맙습니다!' };

const MESSAGES = {
  ko: {
    name: '이름을 2자 이상 입력해주세요',
    email: '유효한 이메일 주소를 입력해주세요',
    message: '메시지를 10자 이상 입력해주세요',
    nameMax: '이름은 100자 이내로 입력해주세요',
    phoneMax: '전화번호는 30자 이내로 입력해주세요',
    messageMax: '메시지는 5000자 이내로 입력해주세요',
  },
  en: {
    name: 'Please enter at least 2 characters for the name',
    email: 'Please enter a valid email address',
    message: 'Please enter at least 10 characters for the message',
    nameMax: 'The name must be 100 characters or fewer',
    phoneMax: 'The phone number must be 30 characters or fewer',
    messageMax: 'The message must be 5000 characters or fewer',
  },
} as const;

/** The message of each failing field, in the schema's language. */
function errorsOf(language: 'ko' | 'en', values: Partial<typeof valid>): Record<string, string> {
  const schema = createInquirySchema(i18n.getFixedT(language));
  const result = schema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('inquiry schema', () => {
  it('accepts the valid sample, whose message is exactly 10 characters', () => {
    expect(valid.message).toHaveLength(INQUIRY_LIMITS.message.min);
    expect(errorsOf('ko', {})).toEqual({});
  });

  describe.each(['ko', 'en'] as const)('in %s', (language) => {
    const text = MESSAGES[language];

    it('rejects a 1-character name and accepts a 2-character one', () => {
      expect(errorsOf(language, { name: 'A' })).toEqual({ name: text.name });
      expect(errorsOf(language, { name: 'Al' })).toEqual({});
    });

    it('counts the name without surrounding spaces', () => {
      expect(errorsOf(language, { name: '  A  ' })).toEqual({ name: text.name });
    });

    it('rejects a 9-character message and accepts a 10-character one', () => {
      expect(errorsOf(language, { message: '123456789' })).toEqual({ message: text.message });
      expect(errorsOf(language, { message: '1234567890' })).toEqual({});
      expect(errorsOf(language, { message: '   123456789   ' })).toEqual({ message: text.message });
    });

    it('rejects malformed or empty email addresses and accepts a real one', () => {
      for (const email of ['', 'giver', 'giver@', '@example.com', 'giver@example', 'giver @example.com']) {
        expect({ email, errors: errorsOf(language, { email }) }).toEqual({ email, errors: { email: text.email } });
      }
      expect(errorsOf(language, { email: 'giver.name+gift@flowers.co.kr' })).toEqual({});
    });

    it('rejects an address with a quoted local part, as the backend does', () => {
      for (const email of ['"x?cc=someone@evil.example&subject=Hello"@example.com', '"kim jieun"@example.com']) {
        expect({ email, errors: errorsOf(language, { email }) }).toEqual({ email, errors: { email: text.email } });
      }
    });

    it('leaves the phone optional: empty or blank is fine', () => {
      expect(errorsOf(language, { phone: '' })).toEqual({});
      expect(errorsOf(language, { phone: '   ' })).toEqual({});
      expect(errorsOf(language, { phone: '010-1234-5678' })).toEqual({});
    });

    it('enforces the upper limits the backend enforces', () => {
      expect(errorsOf(language, { name: 'a'.repeat(100) })).toEqual({});
      expect(errorsOf(language, { name: 'a'.repeat(101) })).toEqual({ name: text.nameMax });
      expect(errorsOf(language, { phone: '1'.repeat(30) })).toEqual({});
      expect(errorsOf(language, { phone: '1'.repeat(31) })).toEqual({ phone: text.phoneMax });
      expect(errorsOf(language, { message: 'a'.repeat(5000) })).toEqual({});
      expect(errorsOf(language, { message: 'a'.repeat(5001) })).toEqual({ message: text.messageMax });
    });

    it('reports every failing field at once', () => {
      expect(errorsOf(language, { name: '', email: 'nope', message: 'short' })).toEqual({
        name: text.name,
        email: text.email,
        message: text.message,
      });
    });
  });

  it('sends trimmed values and leaves out an empty phone', () => {
    const schema = createInquirySchema(i18n.getFixedT('en'));
    const withoutPhone = schema.parse({
      name: ' Kim ',
      email: ' kim@example.com ',
      phone: '  ',
      message: ' A long enough message ',
    });
    expect(formValuesToInput(withoutPhone)).toEqual({
      name: 'Kim',
      email: 'kim@example.com',
      message: 'A long enough message',
    });

    const withPhone = schema.parse({ ...valid, phone: ' 010-1234-5678 ' });
    expect(formValuesToInput(withPhone)).toEqual({ ...valid, phone: '010-1234-5678' });
  });
});
