// Every visible string, one file per area of the product; Korean is the reference dictionary.

import koSite from './ko/site.json';
import koHome from './ko/home.json';
import koPages from './ko/pages.json';
import koLegal from './ko/legal.json';
import koInquiry from './ko/inquiry.json';
import koBlog from './ko/blog.json';
import koTry from './ko/try.json';
import koMessage from './ko/message.json';
import koAdmin from './ko/admin.json';
import enSite from './en/site.json';
import enHome from './en/home.json';
import enPages from './en/pages.json';
import enLegal from './en/legal.json';
import enInquiry from './en/inquiry.json';
import enBlog from './en/blog.json';
import enTry from './en/try.json';
import enMessage from './en/message.json';
import enAdmin from './en/admin.json';

export const ko = {
  ...koSite,
  ...koHome,
  ...koPages,
  ...koLegal,
  ...koInquiry,
  ...koBlog,
  ...koTry,
  ...koMessage,
  ...koAdmin,
};

export const en = {
  ...enSite,
  ...enHome,
  ...enPages,
  ...enLegal,
  ...enInquiry,
  ...enBlog,
  ...enTry,
  ...enMessage,
  ...enAdmin,
};
/** Each namespace's texts, as i18next holds them. */
export const koNamespaces = {
  site: koSite,
  home: koHome,
  pages: koPages,
  legal: koLegal,
  inquiry: koInquiry,
  blog: koBlog,
  try: koTry,
  message: koMessage,
  admin: koAdmin,
};

export const enNamespaces: Record<keyof typeof koNamespaces, object> = {
  site: enSite,
  home: enHome,
  pages: enPages,
  legal: enLegal,
  inquiry: enInquiry,
  blog: enBlog,
  try: enTry,
  message: enMessage,
  admin: enAdmin,
};

/** The area files one by one, so a test can prove that no two define the same key. */
export const koAreas = [koSite, koHome, koPages, koLegal, koInquiry, koBlog, koTry, koMessage, koAdmin];
export const enAreas = [enSite, enHome, enPages, enLegal, enInquiry, enBlog, enTry, enMessage, enAdmin];
