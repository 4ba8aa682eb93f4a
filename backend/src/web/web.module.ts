import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type express from 'express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BlogModule } from '../blog/blog.module';
import { AppConfig } from '../config/app-config';
import { kakaoShareOf } from '../config/kakao-share';
import { QrModule } from '../qr/qr.module';
import { TestimonialModule } from '../testimonial/testimonial.module';
import { PageRenderer } from './page-renderer';
import { PageSeeds } from './page-seeds';
import { WebApp } from './web-app';
import { WebPages, webBuildLayout } from './web-pages';

/** The web build at WEB_ROOT, read once at start. */
const webPagesProvider = {
  provide: WebPages,
  inject: [AppConfig],
  useFactory: ({ env }: AppConfig): WebPages => {
    if (!env.WEB_ROOT) throw new Error('WebModule serves the web build at WEB_ROOT, which is unset');
    const root = resolve(env.WEB_ROOT);
    const { template } = webBuildLayout(root);
    if (!existsSync(template)) throw new Error(`WEB_ROOT ${root} has no ${template}: build the frontend first`);
    return new WebPages(root, env.PUBLIC_URL, pageSettings(env), {
      email: env.CONTACT_EMAIL,
      phone: env.CONTACT_PHONE,
    });
  },
};

/**
 * What the app reads from its page (frontend/src/lib/env.ts): the contact details, the analytics id
 * when set, and KakaoTalk's share card when set up.
 */
function pageSettings(env: AppConfig['env']): Record<string, string> {
  const kakao = kakaoShareOf(env);
  return {
    ...(kakao && { 'kakao-js-key': kakao.appKey, 'kakao-sdk': kakao.sdkUrl, 'kakao-sdk-integrity': kakao.integrity }),
    'contact-email': env.CONTACT_EMAIL,
    'contact-phone': env.CONTACT_PHONE,
    ...(env.GA_ID && { 'ga-id': env.GA_ID }),
  };
}

const pageRendererProvider = {
  provide: PageRenderer,
  inject: [WebPages],
  useFactory: (pages: WebPages) => PageRenderer.load(pages),
};

/**
 * The web app's pages, served by the backend where WEB_ROOT names a web build (see WebApp). They
 * are mounted on the HTTP server once the API's routes are, as @nestjs/serve-static mounts its
 * files: the API's global prefix keeps Nest's routes under /api, and these answer every other path.
 */
@Module({
  imports: [BlogModule, TestimonialModule, QrModule],
  providers: [webPagesProvider, pageRendererProvider, PageSeeds, WebApp],
})
export class WebModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly webApp: WebApp,
  ) {}

  onModuleInit(): void {
    const { httpAdapter } = this.adapterHost;
    // An application context (a command line tool) has no HTTP server to serve pages on.
    if (!httpAdapter) throw new Error('WebModule serves pages over HTTP: leave WEB_ROOT unset in this process');
    this.webApp.mountOn(httpAdapter.getInstance<express.Express>());
  }
}
