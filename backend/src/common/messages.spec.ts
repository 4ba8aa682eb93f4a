import { INQUIRY_LIMITS, TESTIMONIAL_LIMITS } from '@giftcast/contract/limits';
import { translate } from './messages';

describe('validation texts', () => {
  it('state the limits the DTOs check, in both languages', () => {
    expect(translate('message.max', 'ko')).toBe(`메시지는 ${INQUIRY_LIMITS.message.max}자 이내로 입력해주세요`);
    expect(translate('message.max', 'en')).toBe(
      `The message must be ${INQUIRY_LIMITS.message.max} characters or fewer`,
    );
  });

  it('serve the testimonial form with the name texts of the inquiry forms only while their limits agree', () => {
    // The testimonial DTO checks its names with name.min and name.max: one text, so one limit.
    for (const limit of [
      TESTIMONIAL_LIMITS.name,
      { min: INQUIRY_LIMITS.name.min, max: TESTIMONIAL_LIMITS.nameEn.max },
    ]) {
      expect(limit).toEqual(INQUIRY_LIMITS.name);
    }
  });
});
