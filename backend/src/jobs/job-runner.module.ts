import { Global, Module } from '@nestjs/common';
import { JobRunner } from './job-runner';

/** The job runner, in every role: ROLE=web sends jobs, ROLE=all and worker also run them. */
@Global()
@Module({ providers: [JobRunner], exports: [JobRunner] })
export class JobRunnerModule {}
