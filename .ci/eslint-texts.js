/**
 * Every French text a person reads lives in src/i18n/fr.ts or a feature's
 * texts.ts, so that wording is reviewed in one place and matches the spec
 * verbatim. These selectors reject words written straight into JSX: as a
 * child, as a string child in braces, or in an attribute read aloud.
 * A "word" is a run of two letters; punctuation and numbers are allowed.
 */
const word = '/[A-Za-zÀ-ÿ]{2}/';
const message = "Text written in JSX: put it in src/i18n/fr.ts or the feature's texts.ts.";
const spokenAttributes = '/^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label)$/';

export const textRules = [
  { selector: `JSXText[value=${word}]`, message },
  { selector: `JSXElement > JSXExpressionContainer > Literal[value=${word}]`, message },
  { selector: `JSXFragment > JSXExpressionContainer > Literal[value=${word}]`, message },
  { selector: `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${word}]`, message },
  { selector: `JSXAttribute[name.name=${spokenAttributes}] > Literal[value=${word}]`, message },
  { selector: `JSXAttribute[name.name=${spokenAttributes}] > JSXExpressionContainer > Literal[value=${word}]`, message },
  { selector: `JSXAttribute[name.name=${spokenAttributes}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${word}]`, message },
];
