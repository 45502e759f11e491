import { Suspense, useEffect } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { useAuth } from '../auth/auth-store.ts';
import { LoadingScreen, Spinner } from '../components/loading-screen.tsx';
import { GuestOnly, Protected, StudentDashboardGate } from './guards.tsx';
import { AppLayout } from './app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { lazyPage, whenIdle } from './lazy-page.tsx';
import { appRouteOf, type AppRoutePath } from './route-paths.ts';

// Each page is its own chunk (docs/web-delivery.md): the landing page loads none of the others,
// and KaTeX and mathjs come only with the pages that show or check maths.
const LandingPage = lazyPage(() => import('../features/landing/landing-page.tsx'), (m) => m.LandingPage);
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), (m) => m.LoginPage);
const RegisterPage = lazyPage(() => import('../features/auth/register-page.tsx'), (m) => m.RegisterPage);
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page.tsx'), (m) => m.VerifyEmailPage);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page.tsx'), (m) => m.ForgotPasswordPage);
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx'), (m) => m.ResetPasswordPage);
const PricingPage = lazyPage(() => import('../features/pricing/pricing-page.tsx'), (m) => m.PricingPage);
const ContactPage = lazyPage(() => import('../features/contact/contact-page.tsx'), (m) => m.ContactPage);
const HelpPage = lazyPage(() => import('../features/help/help-page.tsx'), (m) => m.HelpPage);
const TermsPage = lazyPage(() => import('../features/legal/terms-page.tsx'), (m) => m.TermsPage);
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page.tsx'), (m) => m.PrivacyPage);
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), (m) => m.DashboardPage);
const LearnPage = lazyPage(() => import('../features/learn/learn-page.tsx'), (m) => m.LearnPage);
const PlacementPage = lazyPage(() => import('../features/placement/placement-page.tsx'), (m) => m.PlacementPage);
const ProgressPage = lazyPage(() => import('../features/progress/progress-page.tsx'), (m) => m.ProgressPage);
const TopicsPage = lazyPage(() => import('../features/topics/topics-page.tsx'), (m) => m.TopicsPage);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'), (m) => m.ProfilePage);
const AchievementsPage = lazyPage(() => import('../features/achievements/achievements-page.tsx'), (m) => m.AchievementsPage);
const TutorDashboardPage = lazyPage(() => import('../features/tutor/tutor-dashboard-page.tsx'), (m) => m.TutorDashboardPage);
const TutorStudentsPage = lazyPage(() => import('../features/tutor/tutor-students-page.tsx'), (m) => m.TutorStudentsPage);
const TutorReferralsPage = lazyPage(() => import('../features/tutor/tutor-referrals-page.tsx'), (m) => m.TutorReferralsPage);
const TutorQuestionSetsPage = lazyPage(() => import('../features/tutor/tutor-question-sets-page.tsx'), (m) => m.TutorQuestionSetsPage);
const TutorStudentPage = lazyPage(() => import('../features/tutor/tutor-student-page.tsx'), (m) => m.TutorStudentPage);
const TutorClassesPage = lazyPage(() => import('../features/tutor/tutor-classes-page.tsx'), (m) => m.TutorClassesPage);
const TutorClassPage = lazyPage(() => import('../features/tutor/tutor-class-page.tsx'), (m) => m.TutorClassPage);
const TutorLiveClassPage = lazyPage(() => import('../features/tutor/tutor-live-class-page.tsx'), (m) => m.TutorLiveClassPage);
const TutorAssignmentPage = lazyPage(() => import('../features/tutor/tutor-assignment-page.tsx'), (m) => m.TutorAssignmentPage);
const TutorStudentReportPage = lazyPage(() => import('../features/tutor/tutor-student-report-page.tsx'), (m) => m.TutorStudentReportPage);
const JoinClassPage = lazyPage(() => import('../features/tutor/join-class-page.tsx'), (m) => m.JoinClassPage);
const AdminPage = lazyPage(() => import('../features/admin/admin-page.tsx'), (m) => m.AdminPage);
const AdminEventsPage = lazyPage(() => import('../features/admin/events-page.tsx'), (m) => m.EventsPage);
const AdminReportsPage = lazyPage(() => import('../features/admin/reports-page.tsx'), (m) => m.ReportsPage);
const ProblemCardDemoPage = lazyPage(() => import('../features/problem-card/problem-card-demo-page.tsx'), (m) => m.ProblemCardDemoPage);
const TestCredentialsPage = lazyPage(() => import('../features/test-credentials/test-credentials-page.tsx'), (m) => m.TestCredentialsPage);
const DiagnosticPage = lazyPage(() => import('../features/diagnostic/diagnostic-page.tsx'), (m) => m.DiagnosticPage);
const ParentDashboardPage = lazyPage(() => import('../features/parent/parent-dashboard-page.tsx'), (m) => m.ParentDashboardPage);
const WeeklySummaryOptOutPage = lazyPage(() => import('../features/parent/weekly-summary-opt-out-page.tsx'), (m) => m.WeeklySummaryOptOutPage);
const DevMailboxPage = lazyPage(() => import('../features/dev-mailbox/dev-mailbox-page.tsx'), (m) => m.DevMailboxPage);

// The page being opened: its chunk is fetched next to the main script, instead of after React has
// started and the stored sign-in has been checked. (A route missing here only loads a little later.)
const BY_PATH: Partial<Record<AppRoutePath, { preload(): Promise<unknown> }>> = {
  '/': LandingPage,
  '/login': LoginPage,
  '/register': RegisterPage,
  '/pricing': PricingPage,
  '/contact': ContactPage,
  '/demo/problem-card': ProblemCardDemoPage,
  '/test-credentials': TestCredentialsPage,
  '/diagnostic': DiagnosticPage,
  '/dev/mailbox': DevMailboxPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/verify-email': VerifyEmailPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/weekly-summary-opt-out': WeeklySummaryOptOutPage,
  '/dashboard': DashboardPage,
  '/learn': LearnPage,
  '/placement': PlacementPage,
  '/progress': ProgressPage,
  '/topics': TopicsPage,
  '/profile': ProfilePage,
  '/achievements': AchievementsPage,
  '/help': HelpPage,
  '/parent': ParentDashboardPage,
  '/tutor/dashboard': TutorDashboardPage,
  '/tutor/students': TutorStudentsPage,
  '/tutor/referrals': TutorReferralsPage,
  '/tutor/students/:id': TutorStudentPage,
  '/tutor/question-sets': TutorQuestionSetsPage,
  '/tutor/classes': TutorClassesPage,
  '/tutor/classes/:id': TutorClassPage,
  '/tutor/classes/:id/live': TutorLiveClassPage,
  '/tutor/classes/:id/assignments/:assignmentId': TutorAssignmentPage,
  '/tutor/students/:id/report': TutorStudentReportPage,
  '/join/:code': JoinClassPage,
  '/admin': AdminPage,
  '/admin/events': AdminEventsPage,
  '/admin/reports': AdminReportsPage,
};
const opened = appRouteOf(window.location.pathname);
if (opened) void BY_PATH[opened]?.preload().catch(() => {});

/**
 * The signed-in pages' own Suspense boundary, inside the layout: the navigation shows as soon as
 * the sign-in is checked, with a spinner below it until the page's chunk has arrived.
 */
function SignedInPage() {
  return (
    <Suspense
      fallback={
        <main id="main" className="centered-page">
          <Spinner />
        </main>
      }
    >
      <Outlet />
    </Suspense>
  );
}

/**
 * Practice is what students come for: once a signed-in page is up and the browser is idle, fetch
 * the Learn chunk (with KaTeX and its CSS) and ready it, so Start Practice waits for neither.
 */
function PrefetchPractice() {
  const isStudent = useAuth((state) => state.user?.role === 'student');
  useEffect(() => {
    if (!isStudent) return;
    return whenIdle(() => void LearnPage.preload().then((learn) => learn.prepareLearnPage(), () => {}));
  }, [isStudent]);
  return null;
}

/** On the sign-in form: fetch the dashboard's chunk, so signing in shows no empty screen while it loads. */
function PrefetchDashboard() {
  useEffect(() => whenIdle(() => void DashboardPage.preload().catch(() => {})), []);
  return null;
}

/**
 * SPEC §2 route table, each route with its real guard. The Suspense boundary above the routes
 * shows the same spinner as the sign-in check while a first page loads (SignedInPage has its own,
 * below the navigation). A navigation is a transition in React Router: the current page stays on
 * screen until the next page's chunk has arrived.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/" element={<GuestOnly><LandingPage /></GuestOnly>} />
        <Route path="/login" element={<GuestOnly><PrefetchDashboard /><LoginPage /></GuestOnly>} />
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
        <Route path="/weekly-summary-opt-out" element={<WeeklySummaryOptOutPage />} />
        {/* The join link a teacher hands out: guests are asked to register or sign in, students join. */}
        <Route path="/join/:code" element={<JoinClassPage />} />

        <Route element={<Protected><PrefetchPractice /><AppLayout /></Protected>}>
          <Route element={<SignedInPage />}>
            <Route path="/dashboard" element={<StudentDashboardGate><DashboardPage /></StudentDashboardGate>} />
            <Route path="/learn" element={<LearnPage />} />
            <Route path="/placement" element={<Protected roles={['student']}><PlacementPage /></Protected>} />
            <Route path="/progress" element={<ProgressPage />} />
            <Route path="/topics" element={<Protected roles={['student']}><TopicsPage /></Protected>} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/achievements" element={<AchievementsPage />} />
            <Route path="/help" element={<HelpPage />} />
            <Route path="/parent" element={<Protected roles={['parent']}><ParentDashboardPage /></Protected>} />
            <Route path="/tutor/dashboard" element={<Protected roles={['tutor', 'admin']}><TutorDashboardPage /></Protected>} />
            <Route path="/tutor/students" element={<Protected roles={['tutor', 'admin']}><TutorStudentsPage /></Protected>} />
            <Route path="/tutor/referrals" element={<Protected roles={['tutor', 'admin']}><TutorReferralsPage /></Protected>} />
            <Route path="/tutor/students/:id" element={<Protected roles={['tutor', 'admin']}><TutorStudentPage /></Protected>} />
            <Route path="/tutor/question-sets" element={<Protected roles={['tutor', 'admin']}><TutorQuestionSetsPage /></Protected>} />
            <Route path="/tutor/classes" element={<Protected roles={['tutor', 'admin']}><TutorClassesPage /></Protected>} />
            <Route path="/tutor/classes/:id" element={<Protected roles={['tutor', 'admin']}><TutorClassPage /></Protected>} />
            <Route path="/tutor/classes/:id/live" element={<Protected roles={['tutor', 'admin']}><TutorLiveClassPage /></Protected>} />
            <Route path="/tutor/classes/:id/assignments/:assignmentId" element={<Protected roles={['tutor', 'admin']}><TutorAssignmentPage /></Protected>} />
            <Route path="/tutor/students/:id/report" element={<Protected roles={['tutor', 'admin']}><TutorStudentReportPage /></Protected>} />
            <Route path="/admin" element={<Protected roles={['admin']}><AdminPage /></Protected>} />
            <Route path="/admin/events" element={<Protected roles={['admin']}><AdminEventsPage /></Protected>} />
            <Route path="/admin/reports" element={<Protected roles={['admin']}><AdminReportsPage /></Protected>} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
