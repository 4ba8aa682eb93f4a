// The AWS SDK's notice about future Node versions is not a test result.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
