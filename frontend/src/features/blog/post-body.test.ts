import { characterCount, isSubHeading, parsePostBody } from './post-body';

const heading = (text: string) => ({ kind: 'heading', text });
const paragraph = (text: string) => ({ kind: 'paragraph', text });
const BREAK = { kind: 'break' };

describe('parsePostBody', () => {
  it('makes each line a paragraph and each blank line a break, in order', () => {
    expect(parsePostBody('첫 문단입니다.\n둘째 문단입니다.\n\n셋째 문단입니다.')).toEqual([
      paragraph('첫 문단입니다.'),
      paragraph('둘째 문단입니다.'),
      BREAK,
      paragraph('셋째 문단입니다.'),
    ]);
  });

  it('keeps one break per blank line, counting whitespace-only lines as blank', () => {
    expect(parsePostBody('A line\n\n  \t\nAnother line')).toEqual([
      paragraph('A line'),
      BREAK,
      BREAK,
      paragraph('Another line'),
    ]);
  });

  it('splits Windows and old Mac line endings too', () => {
    expect(parsePostBody('One\r\nTwo\rThree')).toEqual([paragraph('One'), paragraph('Two'), paragraph('Three')]);
  });

  it('drops blank lines before the first and after the last line of text', () => {
    expect(parsePostBody('\n\n  Text  \n\n')).toEqual([paragraph('Text')]);
    expect(parsePostBody(' \n \n')).toEqual([]);
  });

  it('turns numbered lines, "1. " and "12) ", into sub-headings', () => {
    expect(parsePostBody('1. 꽃다발 고르기\n12) Choosing a cake\nBody text')).toEqual([
      heading('1. 꽃다발 고르기'),
      heading('12) Choosing a cake'),
      paragraph('Body text'),
    ]);
  });

  it('does not make a heading of a bare number marker: "1. " is trimmed to "1."', () => {
    expect(parsePostBody('1. \nText')).toEqual([paragraph('1.'), paragraph('Text')]);
  });

  it('turns lines that start with an emoji or symbol into sub-headings, keeping the marker', () => {
    expect(parsePostBody('🎁 선물 준비\n★ Tip\n✔ 확인\n■ 정리\n→ Next step')).toEqual([
      heading('🎁 선물 준비'),
      heading('★ Tip'),
      heading('✔ 확인'),
      heading('■ 정리'),
      heading('→ Next step'),
    ]);
  });

  it('reads the text as text: markup is not interpreted', () => {
    expect(parsePostBody('<b>bold</b> & <script>x</script>')).toEqual([paragraph('<b>bold</b> & <script>x</script>')]);
  });
});

describe('isSubHeading', () => {
  it.each([
    ['1. A', 'the shortest numbered heading'],
    ['9) B', 'a number with a parenthesis'],
    ['100. Hundred', 'a number of several digits'],
  ])('accepts %j (%s)', (line) => {
    expect(isSubHeading(line)).toBe(true);
  });

  it.each([
    ['1.', 'a number and a dot without a space'],
    ['1.5 kg of flowers', 'a decimal number'],
    ['1.Intro', 'no space after the dot'],
    ['2025년 10월', 'digits without the dot'],
    ['3 ways to say it', 'digits followed by a space'],
    ['1: Intro', 'a colon instead of "." or ")"'],
  ])('rejects %j (%s)', (line) => {
    expect(isSubHeading(line)).toBe(false);
  });

  it('needs at least 3 characters: "★ A" is a heading, "★A" is not', () => {
    expect(isSubHeading('★ A')).toBe(true);
    expect(isSubHeading('★A')).toBe(false);
    expect(isSubHeading('★')).toBe(false);
  });

  it('counts an emoji with a variation selector or skin tone as one character', () => {
    // "✔️A" is three UTF-16 units but two characters: too short.
    expect('✔️A'.length).toBe(3);
    expect(characterCount('✔️A')).toBe(2);
    expect(isSubHeading('✔️A')).toBe(false);
    expect(isSubHeading('✔️ A')).toBe(true);
    expect(isSubHeading('❤️ 사랑')).toBe(true);
    expect(isSubHeading('👍🏽 Good')).toBe(true);
    expect(characterCount('👍🏽!')).toBe(2);
    expect(isSubHeading('👍🏽!')).toBe(false);
  });

  it.each([
    ['👨‍👩‍👧 가족에게', 'a ZWJ family emoji'],
    ['🇰🇷 한국', 'a flag'],
    ['1️⃣ First', 'a keycap digit'],
    ['#️⃣ Tags', 'a keycap sign'],
    ['‼ 중요', 'an emoji Unicode files under punctuation'],
    ['☆ Star', 'a white star'],
    ['⇒ Result', 'a non-ASCII arrow sign'],
    ['♥ Love', 'a card suit'],
  ])('accepts %j (%s)', (line) => {
    expect(isSubHeading(line)).toBe(true);
  });

  it.each([
    ['꽃다발과 함께', 'Korean letters'],
    ['Flowers and cake', 'Latin letters'],
    ['- a list item', 'a hyphen'],
    ['(참고) 안내', 'a parenthesis'],
    ['• bullet item', 'a bullet, which is punctuation'],
    ['"Quoted" words', 'a quotation mark'],
    ['+82 10 1234 5678', 'an ASCII plus sign'],
    ['<공지> 안내', 'an ASCII less-than sign'],
    ['$5 off today', 'a currency sign'],
    ['₩10,000부터', 'the won sign'],
    ['^ caret', 'a modifier mark'],
  ])('rejects %j (%s)', (line) => {
    expect(isSubHeading(line)).toBe(false);
  });
});
