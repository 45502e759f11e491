import { Route, Routes } from 'react-router-dom';
import { GuestOnly, Protected, StudentDashboardGate } from './guards.tsx';
import { AppLayout } from './app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { PricingPage } from '../features/pricing/pricing-page.tsx';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { HelpPage } from '../features/help/help-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { LearnPage } from '../features/learn/learn-page.tsx';
import { ProgressPage } from '../features/progress/progress-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { AchievementsPage } from '../features/achievements/achievements-page.tsx';
import { TutorDashboardPage } from '../features/tutor/tutor-dashboard-page.tsx';
import { TutorStudentsPage } from '../features/tutor/tutor-students-page.tsx';
import { TutorReferralsPage } from '../features/tutor/tutor-referrals-page.tsx';
import { AdminPage } from '../features/admin/admin-page.tsx';
import { ProblemCardDemoPage } from '../features/problem-card/problem-card-demo-page.tsx';
import { TestCredentialsPage } from '../features/test-credentials/test-credentials-page.tsx';
import { DiagnosticPage } from '../features/diagnostic/diagnostic-page.tsx';
import { DevMailboxPage } from '../features/dev-mailbox/dev-mailbox-page.tsx';

/** SPEC §2 route table, each route with its real guard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<GuestOnly><LandingPage /></GuestOnly>} />
      <Route path="/login" element={<GuestOnly><LoginPage /></GuestOnly>} />
      <Route path="/register" element={<GuestOnly><RegisterPage /></GuestOnly>} />
      <Route path="/pricing" element={<GuestOnly><PricingPage /></GuestOnly>} />
      <Route path="/contact" element={<GuestOnly><ContactPage /></GuestOnly>} />

      <Route path="/demo/problem-card" element={<ProblemCardDemoPage />} />
      <Route path="/test-credentials" element={<TestCredentialsPage />} />
      <Route path="/diagnostic" element={<DiagnosticPage />} />
      <Route path="/dev/mailbox" element={<DevMailboxPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />

      <Route element={<Protected><AppLayout /></Protected>}>
        <Route path="/dashboard" element={<StudentDashboardGate><DashboardPage /></StudentDashboardGate>} />
        <Route path="/learn" element={<LearnPage />} />
        <Route path="/progress" element={<ProgressPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/achievements" element={<AchievementsPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/tutor/dashboard" element={<Protected roles={['tutor', 'admin']}><TutorDashboardPage /></Protected>} />
        <Route path="/tutor/students" element={<Protected roles={['tutor', 'admin']}><TutorStudentsPage /></Protected>} />
        <Route path="/tutor/referrals" element={<Protected roles={['tutor', 'admin']}><TutorReferralsPage /></Protected>} />
        <Route path="/admin" element={<Protected roles={['admin']}><AdminPage /></Protected>} />
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
