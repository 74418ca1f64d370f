import { redactedUrl } from './redacted-url.js';

describe('redactedUrl', () => {
  const id = '0b6f3c1e-2a4d-4c59-9f1e-7d2b8a6c5e40';

  it("replaces a chat id's value, and keeps the rest of the address", () => {
    expect(redactedUrl(`/api/signup/chats?id=${id}`)).toBe('/api/signup/chats?id=[redacted]');
    expect(redactedUrl(`/api/v1/login/chats?x=1&id=${id}&y=2#top`)).toBe('/api/v1/login/chats?x=1&id=[redacted]&y=2#top');
    expect(redactedUrl('/api/v1/questions?questionType=signUp')).toBe('/api/v1/questions?questionType=signUp');
    expect(redactedUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('finds the parameter however its name is written, and every copy of it', () => {
    expect(redactedUrl(`/chats?%69d=${id}`)).toBe('/chats?%69d=[redacted]');
    expect(redactedUrl(`/chats?ID=${id}&id=${id}`)).toBe('/chats?ID=[redacted]&id=[redacted]');
    expect(redactedUrl(`/chats?id`)).toBe('/chats?id=[redacted]');
    expect(redactedUrl(`/chats?%zz=1&id=${id}`)).toBe('/chats?%zz=1&id=[redacted]');
  });

  it("replaces the social sign-in's authorisation code and state", () => {
    expect(redactedUrl('/api/v1/users/auth/google/callback?state=s3cr3t&code=4%2F0Ab&scope=openid')).toBe(
      '/api/v1/users/auth/google/callback?state=[redacted]&code=[redacted]&scope=openid',
    );
  });
});
