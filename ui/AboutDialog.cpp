#include "AboutDialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace cw {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Curation Workbench"));
    const QString version = QCoreApplication::applicationVersion();
    m_text = tr("<h3>Curation Workbench</h3>"
                "<p>Version %1</p>"
                "<p>Review experience proposals against their source cases and proof records, "
                "decide with a reason that is kept, watch projection lag, and try the retrieval "
                "engine agents use.</p>"
                "<p>Free software under the MIT licence: use, copy, change and share it. The "
                "licence text is in the LICENSE file of the source and in "
                "/usr/share/doc/curation-workbench/copyright.</p>"
                "<p>Built with Qt %2, running on Qt %3.</p>")
                 .arg(version.isEmpty() ? tr("unknown") : version.toHtmlEscaped(),
                      QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()));

    auto *icon = new QLabel(this);
    const QIcon windowIcon = parent ? parent->windowIcon() : QApplication::windowIcon();
    icon->setPixmap(
        (windowIcon.isNull() ? style()->standardIcon(QStyle::SP_MessageBoxInformation) : windowIcon)
            .pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);
    auto *label = new QLabel(m_text, this);
    label->setObjectName(QStringLiteral("aboutText"));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMinimumWidth(360);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::ActionRole);
    aboutQt->setObjectName(QStringLiteral("aboutQtButton"));
    connect(aboutQt, &QPushButton::clicked, this, [this] { QMessageBox::aboutQt(this); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *top = new QHBoxLayout;
    top->addWidget(icon);
    top->addWidget(label, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
}

QString AboutDialog::text() const
{
    return m_text;
}

} // namespace cw
